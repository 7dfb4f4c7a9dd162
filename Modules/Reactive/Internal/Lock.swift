import Synchronization

#if os(Linux)
    import CLinuxFutex
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
    import os
#endif

/// A mutex with explicit `lock`/`unlock`, shared by the package's modules.
///
/// Rx operators keep their state in stored properties and guard them with a lock they own; a lock
/// object (rather than `Synchronization.Mutex`, which owns its value) lets them deliver events after
/// unlocking. No lock in Reactive is held while user code runs (an observer, a dispose, a
/// subscribe): operators fed from several places deliver through `SerializingSink`, replaying
/// sources through `ReplayGate`, so the plain kind is all they need. A thread that locks a lock it
/// holds stops with a message instead of deadlocking; `lockIfNotHeld()` asks first.
///
/// One implementation per platform family:
/// - Linux: one word, 0 when free, else the holder's thread id, as the kernel's priority-inheriting
///   futex wants it. Taking and giving back a free lock is one compare-and-swap each, inlined into
///   the caller (a pthread mutex cost a call and about 50 instructions per pair, on every `onNext`
///   of every subject). A waiter spins briefly, yielding, then sleeps in the kernel, which hands the
///   lock over on unlock. Every acquisition and release is also an atomic operation of this module,
///   so ThreadSanitizer sees the ordering a lock gives (it cannot see into the kernel:
///   `Synchronization.Mutex` takes its contended path inside the kernel and the standard library,
///   both invisible to it).
/// - Apple platforms: `os_unfair_lock`, Apple's lock for exactly this (it also hands the lock to a
///   waiter and lends it the holder's priority), with the holder's thread kept beside it for
///   `lockIfNotHeld()`.
/// - Elsewhere: a pthread mutex, with the holder kept beside it the same way. Linux builds it too when
///   compiled with `-D BISTRO_PORTABLE_LOCK`, which is how CI tests it.
@usableFromInline
package final class Lock: @unchecked Sendable {  // `word` (Linux) or `mutex` is the lock itself
    #if os(Linux) && !BISTRO_PORTABLE_LOCK
        /// The futex word: 0, or the holder's thread id with the kernel's waiters bit.
        @usableFromInline let word: UnsafeMutablePointer<Atomic<UInt32>>

        /// A free lock.
        @usableFromInline package init() {
            // Allocated, not stored inline: the kernel needs the word's address, which `Atomic` keeps to itself.
            word = .allocate(capacity: 1)
            word.initialize(to: Atomic(0))
        }

        deinit {
            word.deinitialize(count: 1)
            word.deallocate()
        }

        /// Locks, waiting for another holder.
        @inlinable @inline(__always) package func lock() {
            let me = bistro_thread_id()
            if word.pointee.compareExchange(expected: 0, desired: me, successOrdering: .acquiring, failureOrdering: .relaxed).exchanged {
                return
            }
            lockContended(me)
        }

        /// Unlocks.
        @inlinable @inline(__always) package func unlock() {
            let me = bistro_thread_id()
            if word.pointee.compareExchange(expected: me, desired: 0, successOrdering: .releasing, failureOrdering: .relaxed).exchanged {
                return
            }
            unlockWakingWaiter()
        }

        /// Locks unless the calling thread holds the lock already, and answers whether it locked: how
        /// the store recognises a reducer that sends or reads the state it is reducing.
        @inlinable @inline(__always) package func lockIfNotHeld() -> Bool {
            if isHeldByCurrentThread { return false }
            lock()
            return true
        }

        /// Whether the calling thread holds the lock.
        @inlinable @inline(__always) package var isHeldByCurrentThread: Bool {
            word.pointee.load(ordering: .relaxed) & bistro_futex_owner_mask() == bistro_thread_id()
        }

        /// Waits for the holder: spins a little (critical sections here are a few dozen instructions),
        /// yielding the core now and then, since on a busy machine the holder may be waiting for it;
        /// then sleeps in the kernel until the lock is handed over.
        @usableFromInline @inline(never)
        func lockContended(_ me: UInt32) {
            if word.pointee.load(ordering: .relaxed) & bistro_futex_owner_mask() == me {
                preconditionFailure("Reactive.Lock: the thread holding this lock tried to take it again")
            }
            for attempt in 1...200 {
                if word.pointee.load(ordering: .relaxed) == 0,
                    word.pointee.compareExchange(expected: 0, desired: me, successOrdering: .acquiring, failureOrdering: .relaxed).exchanged
                {
                    return
                }
                if attempt % 20 == 0 { sched_yield() }
            }
            let address = UnsafeMutableRawPointer(word).assumingMemoryBound(to: UInt32.self)
            while true {
                switch bistro_futex_lock_pi(address) {
                case 0:
                    // The kernel made this thread the holder; this acquiring load is what ThreadSanitizer
                    // sees of it (it pairs with the releasing operation in `unlockWakingWaiter`).
                    _ = word.pointee.load(ordering: .acquiring)
                    return
                case UInt32(EINTR), UInt32(EAGAIN):
                    continue
                case let error:
                    preconditionFailure("Reactive.Lock: the kernel refused the lock (errno \(error))")
                }
            }
        }

        /// Unlocks a lock with sleeping waiters: the kernel hands it to one of them.
        @usableFromInline @inline(never)
        func unlockWakingWaiter() {
            // Changes nothing; the release ThreadSanitizer pairs with the woken holder's acquiring load.
            word.pointee.wrappingAdd(0, ordering: .releasing)
            let address = UnsafeMutableRawPointer(word).assumingMemoryBound(to: UInt32.self)
            let error = bistro_futex_unlock_pi(address)
            precondition(error == 0, "Reactive.Lock: unlocked by a thread that does not hold it (errno \(error))")
        }
    #else
        #if canImport(Darwin)
            @usableFromInline typealias Mutex = os_unfair_lock_s
        #else
            @usableFromInline typealias Mutex = pthread_mutex_t
        #endif

        /// The lock itself, allocated so that its address never changes.
        @usableFromInline let mutex: UnsafeMutablePointer<Mutex>
        /// The holder's thread (`pthread_self()`'s bits), 0 while the lock is free: written only by the
        /// holder, read by any thread to learn whether it holds the lock itself.
        @usableFromInline let holder: UnsafeMutablePointer<Atomic<UInt>>

        /// A free lock.
        @usableFromInline package init() {
            mutex = .allocate(capacity: 1)
            #if canImport(Darwin)
                mutex.initialize(to: os_unfair_lock_s())
            #else
                mutex.initialize(to: pthread_mutex_t())
                pthread_mutex_init(mutex, nil)
            #endif
            holder = .allocate(capacity: 1)
            holder.initialize(to: Atomic(0))
        }

        deinit {
            #if !canImport(Darwin)
                pthread_mutex_destroy(mutex)
            #endif
            mutex.deinitialize(count: 1)
            mutex.deallocate()
            holder.deinitialize(count: 1)
            holder.deallocate()
        }

        /// The calling thread, never 0.
        @inlinable @inline(__always) static var currentThread: UInt {
            #if canImport(Darwin)
                UInt(bitPattern: pthread_self())
            #else
                UInt(pthread_self())
            #endif
        }

        /// Locks, waiting for another holder.
        @inlinable @inline(__always) package func lock() {
            let me = Self.currentThread
            precondition(
                holder.pointee.load(ordering: .relaxed) != me, "Reactive.Lock: the thread holding this lock tried to take it again")
            #if canImport(Darwin)
                os_unfair_lock_lock(mutex)
            #else
                pthread_mutex_lock(mutex)
            #endif
            holder.pointee.store(me, ordering: .relaxed)
        }

        /// Unlocks.
        @inlinable @inline(__always) package func unlock() {
            holder.pointee.store(0, ordering: .relaxed)
            #if canImport(Darwin)
                os_unfair_lock_unlock(mutex)
            #else
                pthread_mutex_unlock(mutex)
            #endif
        }

        /// Locks unless the calling thread holds the lock already, and answers whether it locked: how
        /// the store recognises a reducer that sends or reads the state it is reducing.
        @inlinable @inline(__always) package func lockIfNotHeld() -> Bool {
            if isHeldByCurrentThread { return false }
            lock()
            return true
        }

        /// Whether the calling thread holds the lock.
        @inlinable @inline(__always) package var isHeldByCurrentThread: Bool {
            holder.pointee.load(ordering: .relaxed) == Self.currentThread
        }
    #endif

    /// Runs `body` holding the lock.
    @inlinable @inline(__always) package func performLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

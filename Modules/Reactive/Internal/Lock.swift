#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import _SynchronizationShims

/// A mutex with explicit `lock`/`unlock`, shared by the package's modules.
///
/// Rx operators keep their state in stored properties and guard them with a lock they own; a lock
/// object (rather than `Synchronization.Mutex`, which owns its value) lets them deliver events after
/// unlocking. No lock in Reactive is held while user code runs (an observer, a dispose, a
/// subscribe): operators fed from several places deliver through `SerializingSink`, replaying
/// sources through `ReplayGate`, so the plain kind is all they need.
///
/// The lock is one word: 0 when free, else the holder's thread id, as Linux's priority-inheriting
/// futex wants it. Taking and giving back a free lock is one compare-and-swap each, inlined into the
/// caller (a pthread mutex cost a call and about 50 instructions per pair, on every `onNext` of
/// every subject). A waiter spins briefly, yielding, then sleeps in the kernel, which hands the
/// lock over on unlock. Every acquisition and release is also an atomic operation of this module,
/// so ThreadSanitizer sees the ordering a lock gives (it cannot see into the kernel:
/// `Synchronization.Mutex` takes its contended path inside the kernel and the standard library,
/// both invisible to it). A thread that locks a lock it holds stops with a message instead of
/// deadlocking; `lockIfNotHeld()` asks first.
@usableFromInline
package final class Lock: @unchecked Sendable { // `word` is the lock itself
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
        let me = _swift_stdlib_gettid()
        if word.pointee.compareExchange(expected: 0, desired: me, successOrdering: .acquiring, failureOrdering: .relaxed).exchanged {
            return
        }
        lockContended(me)
    }

    /// Unlocks.
    @inlinable @inline(__always) package func unlock() {
        let me = _swift_stdlib_gettid()
        if word.pointee.compareExchange(expected: me, desired: 0, successOrdering: .releasing, failureOrdering: .relaxed).exchanged {
            return
        }
        unlockWakingWaiter()
    }

    /// Locks unless the calling thread holds the lock already, and answers whether it locked: how
    /// the store recognises a reducer that sends or reads the state it is reducing.
    @inlinable @inline(__always) package func lockIfNotHeld() -> Bool {
        if word.pointee.load(ordering: .relaxed) & UInt32(FUTEX_TID_MASK) == _swift_stdlib_gettid() { return false }
        lock()
        return true
    }

    /// Runs `body` holding the lock.
    @inlinable @inline(__always) package func performLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits for the holder: spins a little (critical sections here are a few dozen instructions),
    /// yielding the core now and then, since on a busy machine the holder may be waiting for it;
    /// then sleeps in the kernel until the lock is handed over.
    @usableFromInline @inline(never)
    func lockContended(_ me: UInt32) {
        if word.pointee.load(ordering: .relaxed) & UInt32(FUTEX_TID_MASK) == me {
            preconditionFailure("Reactive.Lock: the thread holding this lock tried to take it again")
        }
        for attempt in 1...200 {
            if word.pointee.load(ordering: .relaxed) == 0,
               word.pointee.compareExchange(expected: 0, desired: me, successOrdering: .acquiring, failureOrdering: .relaxed).exchanged {
                return
            }
            if attempt % 20 == 0 { sched_yield() }
        }
        let address = UnsafeMutableRawPointer(word).assumingMemoryBound(to: UInt32.self)
        while true {
            switch _swift_stdlib_futex_lock(address) {
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
        let error = _swift_stdlib_futex_unlock(address)
        precondition(error == 0, "Reactive.Lock: unlocked by a thread that does not hold it (errno \(error))")
    }
}

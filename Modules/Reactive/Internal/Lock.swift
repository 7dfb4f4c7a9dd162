#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex with explicit `lock`/`unlock`, shared by the package's modules.
///
/// Rx operators keep their state in stored properties and guard them with a lock they own; a lock
/// object (rather than `Synchronization.Mutex`, which owns its value) lets them deliver events after
/// unlocking. No lock in Reactive is held while user code runs (an observer, a dispose, a
/// subscribe): operators fed from several places deliver through `SerializingSink`, replaying
/// sources through `ReplayGate`, so the plain kind is all they need. The store takes the
/// error-checking kind, to recognise a reducer that sends or reads the state it is reducing (see
/// `lockIfNotHeld()`).
@usableFromInline
package final class Lock: @unchecked Sendable { // the pthread mutex below is the lock
    /// What the mutex does when the thread holding it locks it again.
    @usableFromInline package enum Kind: Sendable {
        /// Deadlocks: nothing may lock twice.
        case plain
        /// Refuses: `lockIfNotHeld()` answers false.
        case errorChecking
    }

    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A mutex of `kind`.
    @usableFromInline package init(_ kind: Kind = .plain) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        switch kind {
        case .plain: break
        case .errorChecking: pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Locks, waiting for another holder.
    @inlinable @inline(__always) package func lock() { pthread_mutex_lock(mutex) }

    /// Unlocks.
    @inlinable @inline(__always) package func unlock() { pthread_mutex_unlock(mutex) }

    /// Locks; for the error-checking kind, returns false without locking when the calling thread
    /// holds the lock already.
    @inlinable @inline(__always) package func lockIfNotHeld() -> Bool {
        pthread_mutex_lock(mutex) != EDEADLK
    }

    /// Runs `body` holding the lock.
    @inlinable @inline(__always) package func performLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

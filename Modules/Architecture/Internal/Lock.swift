#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex of the error-checking kind, with explicit `lock`/`unlock`.
///
/// The store holds its lock while a reducer runs, so that state is mutated in place (no copy of the
/// whole state per action) while other threads wait. An error-checking mutex tells the owning thread
/// that it is locking again instead of deadlocking: that is how a `send` or a state read made from
/// inside a reducer is recognised, for free, and stopped with a message that says what went wrong.
@usableFromInline
final class Lock: @unchecked Sendable { // the pthread mutex below is the lock
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Locks; returns false, without locking, when the calling thread already holds the lock.
    @inlinable @inline(__always)
    func lock() -> Bool {
        pthread_mutex_lock(mutex) != EDEADLK
    }

    @inlinable @inline(__always)
    func unlock() {
        pthread_mutex_unlock(mutex)
    }
}

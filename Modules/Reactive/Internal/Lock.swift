#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex with explicit `lock`/`unlock`, plain or recursive.
///
/// Rx operators keep their state in stored properties and guard them with a lock they own; a lock
/// object (rather than `Synchronization.Mutex`, which owns its value) lets them forward events after
/// unlocking. Operators that forward events while holding their lock (merge, zip, combineLatest, ...)
/// take the recursive kind: an observer may synchronously feed a value back into one of the
/// operator's own sources on the same thread, as RxSwift allows.
final class Lock: @unchecked Sendable { // the pthread mutex below is the lock
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }

    @inline(__always) func performLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

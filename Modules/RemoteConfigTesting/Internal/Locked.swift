#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that is only read and written under a pthread mutex.
///
/// Not `Synchronization.Mutex`: on Linux its contended path waits in a raw futex that
/// ThreadSanitizer cannot see, so every access it orders would be reported as a race. A pthread mutex
/// is understood by the sanitizer, so a clean TSan run means something. (Architecture and Reactive keep
/// their own such lock; a module does not depend on another just for ten lines.)
final class Locked<Value: Sendable>: @unchecked Sendable { // `value` is only touched under `mutex`
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock around `value`.
    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, under the lock; `body` must not take the lock again.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

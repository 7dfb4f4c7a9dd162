#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that is only read and written under a pthread mutex.
///
/// Used where `Synchronization.Mutex` would do, because on Linux `Mutex` is built on raw futexes
/// that ThreadSanitizer cannot see: every access it protects would be reported as a race. A pthread
/// mutex is understood by the sanitizer, so a clean run means something.
@usableFromInline
package final class Locked<Value: Sendable>: @unchecked Sendable { // `value` is only touched under `mutex`
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, under the lock.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that is only read and written under a pthread mutex: the package's one such box, for
/// every module and test target (package access, so not part of any module's public API).
///
/// Not `Synchronization.Mutex`: on Linux its contended path waits in a raw futex that
/// ThreadSanitizer cannot see, so every access it orders would be reported as a race. A pthread
/// mutex is understood by the sanitizer, so a clean TSan run means something.
@usableFromInline
package final class Locked<Value: Sendable>: @unchecked Sendable {  // `value` is only touched under `mutex`
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

    /// Runs `body` with the value, under the lock; `body` must not take the lock again.
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

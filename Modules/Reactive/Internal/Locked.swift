/// A value that is only read and written under a lock: the package's one such box, for every module
/// and test target (package access, so not part of any module's public API).
///
/// The lock is the package's `Lock`: taken and given back with one inlined compare-and-swap each
/// (a pthread mutex costs a call and about 50 instructions a pair), and every acquisition and
/// release an atomic operation of this module, so that ThreadSanitizer sees the ordering it gives.
/// Not `Synchronization.Mutex`: on Linux its contended path waits in a raw futex that the sanitizer
/// cannot see, so every access it orders would be reported as a race.
@usableFromInline
package final class Locked<Value: Sendable>: @unchecked Sendable {  // `value` is only touched under `lock`
    @usableFromInline let lock = Lock()
    // Only touched under `lock`, so no two accesses overlap: no dynamic exclusivity check (a
    // thread-local access set per access cost more than the lock).
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock; `body` must not take the lock again (a thread that
    /// does stops with a message).
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

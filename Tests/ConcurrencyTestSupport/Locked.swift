import Foundation

/// A value shared between a test and the threads of the code under test, read and written under an `NSLock`.
///
/// Not `Synchronization.Mutex`: on Linux its contended path waits in a raw futex that ThreadSanitizer
/// cannot see, so every access it orders would be reported as a race, and the matrix runs these
/// tests under TSan. `NSLock` is a pthread mutex underneath, which the sanitizer understands.
public final class Locked<Value: Sendable>: @unchecked Sendable { // `value` is only touched under `lock`
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock; `body` must not take the lock again.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

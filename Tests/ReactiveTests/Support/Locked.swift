import Foundation

/// A value shared between threads in tests, guarded by an `NSLock`.
///
/// Not `Synchronization.Mutex`: on Linux its contended path waits in a futex, which ThreadSanitizer
/// does not see, so accesses it orders are reported as races (the matrix runs these tests under TSan).
final class Locked<Value>: @unchecked Sendable { // `value` is only touched under `lock`
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

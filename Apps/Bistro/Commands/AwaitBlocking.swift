import Dispatch
import Reactive

/// Runs `operation` on the cooperative pool and waits for it on the calling thread.
///
/// A command runs once and exits, so it blocks the main thread (as `waitForCompletion` does for
/// observables); `operation` never needs the main actor, so this cannot deadlock.
func awaitBlocking<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = Locked<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let result: Result<Value, any Error>
        do {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    // The task signals only after storing its result.
    return try outcome.withLock { $0! }.get()
}

import Architecture
import Dependencies

/// The effects one `TestStore.send` started: wait for them or cancel them.
public struct TestStoreTask: Sendable {
    let task: StoreTask
    let action: String
    let timeout: Duration

    /// Cancels the effects.
    public func cancel() {
        task.cancel()
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { task.isCancelled }

    /// Waits up to `timeout` (the store's by default) for the effects to finish; fails the test if they do not.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let timeout = timeout ?? self.timeout
        let task = self.task
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await task.finish()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !finished {
            reportIssue(
                FailureMessage.taskStillRunning(action, timeout: timeout),
                at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }
}

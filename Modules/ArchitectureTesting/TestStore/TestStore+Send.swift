import Architecture
import Dependencies

extension TestStore {
    /// Sends `action` and checks the state after it: `update` turns the state before the action
    /// into the expected one; without `update` the state must not change. Exhaustively, actions
    /// received earlier must have been asserted with `receive` first.
    @discardableResult
    public func send(
        _ action: Action, assert update: ((_ state: inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> TestStoreTask {
        let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let pending = recorder.takeAllReceived()
        if let last = pending.last {
            if exhaustivity == .on {
                fail(FailureMessage.mustHandleReceived(pending.map { customDump($0.action) }), at: location)
            }
            settings.withLock { $0.state = last.state }
        }
        let (step, asserted, timeout) = settings.withLock { settings in
            defer {
                settings.nextStep += 1
                settings.lastLocation = location
            }
            return (settings.nextStep, settings.state, settings.timeout)
        }
        recorder.setLocation(location, for: .step(step))
        let task = store.send(.send(action, step: step))
        // Processed already, unless another thread was processing the store's actions: then soon.
        var sent = recorder.sent(step: step)
        while sent == nil {
            let version = recorder.version
            sent = recorder.sent(step: step)
            if sent == nil { await recorder.change(after: version) }
        }
        let result = sent!
        expectState(from: exhaustivity == .on ? asserted : result.before, to: result.after, update: update, at: location)
        return TestStoreTask(task: task, action: customDump(action), timeout: timeout)
    }
}

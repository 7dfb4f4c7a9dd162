import Architecture
import Dependencies

extension TestStore {
    /// Waits up to `timeout` for every effect to finish; exhaustively, effects still running and
    /// actions not received fail the test (the effects are then cancelled).
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let timeout = timeout ?? self.timeout
        let finished = await wait(timeout: timeout) { isIdle }
        guard exhaustivity == .on else { return }
        if !finished {
            let running = recorder.runningEffects
            store.cancelRunningEffects()
            if !running.isEmpty {
                fail(FailureMessage.effectsStillRunning(running.map { customDump($0.action) }, timeout: timeout), at: location)
            }
        }
        let received = recorder.takeAllReceived()
        if let last = received.last {
            fail(FailureMessage.unreceivedAtFinish(received.map { customDump($0.action) }), at: location)
            settings.withLock { $0.state = last.state }
        }
    }

    /// Drops the actions received so far without asserting them; the asserted state moves to the
    /// state after the last of them. With `strict`, having nothing to skip fails the test.
    public func skipReceivedActions(
        strict: Bool = true,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let received = recorder.takeAllReceived()
        guard let last = received.last else {
            if strict {
                fail(FailureMessage.nothingToSkip, at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            }
            return
        }
        settings.withLock { $0.state = last.state }
    }

    /// Cancels the effects still running, so the test can end without waiting for them. With
    /// `strict`, having nothing to cancel fails the test.
    public func skipInFlightEffects(
        strict: Bool = true,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        if recorder.runningEffects.isEmpty {
            if strict {
                fail(FailureMessage.noEffectsToSkip, at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            }
            return
        }
        store.cancelRunningEffects()
    }
}

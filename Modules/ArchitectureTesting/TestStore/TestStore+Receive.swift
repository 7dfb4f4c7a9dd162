import Architecture
import Dependencies

extension TestStore where Action: Equatable {
    /// Takes the next action an effect sent back, waiting up to `timeout` for it; it must equal
    /// `expected`, and `update` turns the state before it into the state after it.
    public func receive(
        _ expected: Action, timeout: Duration? = nil, assert update: ((_ state: inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let expectedDump = customDump(expected)
        await receive(
            expectation: .action(expectedDump), matches: { $0 == expected },
            mismatch: { FailureMessage.unexpectedAction(expected: expectedDump, received: customDump($0)) },
            timeout: timeout, update: update,
            location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension TestStore {
    /// Takes the next action an effect sent back, which must satisfy `isMatching`.
    public func receive(
        _ isMatching: @escaping @Sendable (_ action: Action) -> Bool, timeout: Duration? = nil,
        assert update: ((_ state: inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await receive(
            expectation: .matching("the predicate"), matches: isMatching,
            mismatch: { FailureMessage.unmatchedAction(customDump($0), expectation: "the predicate") },
            timeout: timeout, update: update,
            location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Takes the next action an effect sent back, which must be of the case at `casePath`.
    public func receive<Value>(
        _ casePath: CasePath<Action, Value>, timeout: Duration? = nil,
        assert update: ((_ state: inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await receive(
            expectation: .matching("the case path"), matches: { casePath.extract($0) != nil },
            mismatch: { FailureMessage.unmatchedAction(customDump($0), expectation: "the case path") },
            timeout: timeout, update: update,
            location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func receive(
        expectation: FailureMessage.Expected, matches: (Action) -> Bool, mismatch: (Action) -> String,
        timeout: Duration?, update: ((inout State) throws -> Void)?, location: IssueLocation
    ) async {
        let timeout = timeout ?? self.timeout
        settings.withLock { $0.lastLocation = location }
        let exhaustive = exhaustivity == .on
        while true {
            let arrived = await wait(timeout: timeout) { recorder.hasReceived || isIdle }
            guard let received = recorder.popReceived() else {
                fail(
                    arrived
                        ? FailureMessage.receivedNoneAndIdle(expected: expectation)
                        : FailureMessage.receivedNone(expected: expectation, timeout: timeout),
                    at: location)
                return
            }
            recorder.setLocation(location, for: .received(received.id))
            let asserted = state
            if !matches(received.action) {
                if exhaustive {
                    fail(mismatch(received.action), at: location)
                } else {
                    // Not exhaustive: actions the test does not care about are skipped.
                    settings.withLock { $0.state = received.state }
                    continue
                }
            }
            expectState(from: asserted, to: received.state, update: update, at: location)
            return
        }
    }
}

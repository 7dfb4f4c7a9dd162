/// The texts of the TestStore's failures, in one place: the same from XCTest and Swift Testing, and
/// asserted word for word by the tests.
enum FailureMessage {
    static func stateMismatch(expected: String, actual: String, closureGiven: Bool) -> String {
        let header =
            closureGiven
            ? "A state change does not match expectation:"
            : "State was not expected to change, but a change occurred:"
        return header + "\n\n" + (diff(expected, actual) ?? expected) + "\n\n(Expected: \u{2212}, Actual: +)"
    }

    static let noStateChange = """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """

    static func closureThrew(_ error: any Error) -> String {
        "The trailing closure threw an error: \(error)"
    }

    static func mustHandleReceived(_ actions: [String]) -> String {
        "Must handle \(count(actions.count, "received action")) before sending an action:\n\n"
            + unhandled(actions)
    }

    static func unexpectedAction(expected: String, received: String) -> String {
        "Received unexpected action:\n\n" + (diff(expected, received) ?? expected) + "\n\n(Expected: \u{2212}, Received: +)"
    }

    static func unmatchedAction(_ received: String, expectation: String) -> String {
        "Received an action that does not match \(expectation):\n\n" + indented(received)
    }

    static func receivedNone(expected: Expected, timeout: Duration) -> String {
        switch expected {
        case .action(let action):
            "Expected to receive the following action within \(timeout), but received none:\n\n" + indented(action)
        case .matching(let expectation):
            "Expected to receive an action matching \(expectation) within \(timeout), but received none."
        }
    }

    static func receivedNoneAndIdle(expected: Expected) -> String {
        switch expected {
        case .action(let action):
            "Expected to receive the following action, but received none and no effects are running:\n\n"
                + indented(action)
        case .matching(let expectation):
            "Expected to receive an action matching \(expectation), but received none and no effects are running."
        }
    }

    static func effectsStillRunning(_ actions: [String], timeout: Duration) -> String {
        let count = actions.count == 1 ? "1 effect is" : "\(actions.count) effects are"
        return "Expected effects to finish within \(timeout), but \(count) still running, started by:\n\n"
            + actions.map(indented).joined(separator: "\n")
    }

    static func effectStillRunningAtEnd(_ action: String) -> String {
        "An effect returned for this action is still running. It must complete before the end of the test:\n\n"
            + indented(action)
    }

    static func unreceivedAtEnd(_ actions: [String]) -> String {
        "The store received \(count(actions.count, "unexpected action")) after this one:\n\n" + unhandled(actions)
    }

    static func unreceivedAtFinish(_ actions: [String]) -> String {
        "The store received \(count(actions.count, "unexpected action")):\n\n" + unhandled(actions)
    }

    static func taskStillRunning(_ action: String, timeout: Duration) -> String {
        "Expected the effects of this action to finish within \(timeout), but they are still running:\n\n"
            + indented(action)
    }

    static let nothingToSkip = "There were no received actions to skip."

    static let noEffectsToSkip = "There were no in-flight effects to skip."

    /// What a `receive` expected: an action, or one matching a predicate or a case.
    enum Expected {
        case action(String)
        case matching(String)
    }

    private static func unhandled(_ actions: [String]) -> String {
        "Unhandled actions:\n" + actions.map(indented).joined(separator: "\n")
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}

import Architecture
import ArchitectureTesting
import Testing

/// The TestStore's failures as Swift Testing sees them: recorded as issues of the running test,
/// with the same text as in XCTest and the line of the call.
@Suite struct TestStoreFailureSwiftTestingTests {
    /// Runs `body` expecting exactly one issue with `message`, at `line` of this file.
    private func expectIssue(_ message: String, line: Int, _ body: () async -> Void) async {
        await withKnownIssue {
            await body()
        } matching: { issue in
            issue.comments.map(\.rawValue) == [message]
                && issue.sourceLocation?.fileID == "ArchitectureTestingTests/TestStoreFailureSwiftTestingTests.swift"
                && issue.sourceLocation?.line == line
        }
    }

    @Test func aStateThatDiffersFromTheExpectationShowsADiff() async {
        let message = """
            A state change does not match expectation:

              Counter.State(
            \u{2212}   count: 2,
            +   count: 1,
                isLoading: false
              )

            (Expected: \u{2212}, Actual: +)
            """
        await expectIssue(message, line: #line + 2) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.increment) { $0.count = 2 }
        }
    }

    @Test func receivingAnotherActionShowsADiff() async {
        let message = """
            Received unexpected action:

            \u{2212} Counter.Action.response(41)
            + Counter.Action.response(42)

            (Expected: \u{2212}, Received: +)
            """
        await expectIssue(message, line: #line + 3) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.fetch) { $0.isLoading = true }
            await store.receive(.response(41)) {
                $0.isLoading = false
                $0.count = 42
            }
        }
    }

    @Test func anActionThatDoesNotComeWithinTheTimeoutFails() async {
        let message = """
            Expected to receive the following action within 0.02 seconds, but received none:

              Counter.Action.response(1)
            """
        await expectIssue(message, line: #line + 3) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.startForever)
            await store.receive(.response(1), timeout: .milliseconds(20))
            await store.send(.stop)
        }
    }

    @Test func anEffectStillRunningWhenTheStoreEndsFailsAtTheStepThatStartedIt() async {
        let message = """
            An effect returned for this action is still running. It must complete before the end of the test:

              Counter.Action.startForever
            """
        await expectIssue(message, line: #line + 2) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.startForever)
        }
    }

    @Test func anActionNotReceivedWhenTheStoreEndsFailsAtTheLastStep() async {
        let message = """
            The store received 1 unexpected action after this one:

            Unhandled actions:
              Counter.Action.response(42)
            """
        await expectIssue(message, line: #line + 2) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            let task = await store.send(.fetch) { $0.isLoading = true }
            await task.finish()
        }
    }

    @Test func finishWaitsForEffectsThatEnd() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter())
        await store.send(.fetch) { $0.isLoading = true }
        await store.receive(.response(42)) {
            $0.isLoading = false
            $0.count = 42
        }
        await store.finish()
    }
}

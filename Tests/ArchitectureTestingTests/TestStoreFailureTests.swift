import Architecture
import ArchitectureTestSupport
import ArchitectureTesting
import Dependencies
import TestSupport
import XCTest

/// Every TestStore failure, word for word and at the line of the call, captured instead of failing
/// (swift-corelibs-xctest has no XCTExpectFailure). The same texts reach Swift Testing: see
/// TestStoreFailureSwiftTestingTests; and XCTFail itself: see XCTestFailureProcessTests.
final class TestStoreFailureTests: XCTestCase {
    private let file = "ArchitectureTestingTests/TestStoreFailureTests.swift"

    func testAStateThatDiffersFromTheExpectationShowsADiff() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 3
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.increment) { $0.count = 2 }
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        A state change does not match expectation:

                          Counter.State(
                        \u{2212}   count: 2,
                        +   count: 1,
                            isLoading: false
                          )

                        (Expected: \u{2212}, Actual: +)
                        """, fileID: file, line: line)
            ])
    }

    func testAChangeWithoutAClosureFails() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 3
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.increment)
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        State was not expected to change, but a change occurred:

                          Counter.State(
                        \u{2212}   count: 0,
                        +   count: 1,
                            isLoading: false
                          )

                        (Expected: \u{2212}, Actual: +)
                        """, fileID: file, line: line)
            ])
    }

    func testAClosureThatChangesNothingFails() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 3
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.noop) { $0.count = 0 }
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        Expected state to change, but no change occurred.

                        The trailing closure made no observable modifications to state. If no change to state is expected, \
                        omit the trailing closure.
                        """, fileID: file, line: line)
            ])
    }

    func testSendingBeforeReceivingWhatArrivedFails() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 5
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            let task = await store.send(.fetch) { $0.isLoading = true }
            await task.finish()
            await store.send(.increment) { $0.count = 43 }
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        Must handle 1 received action before sending an action:

                        Unhandled actions:
                          Counter.Action.response(42)
                        """, fileID: file, line: line)
            ])
    }

    func testReceivingAnotherActionShowsADiff() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 4
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.fetch) { $0.isLoading = true }
            await store.receive(.response(41)) {
                $0.isLoading = false
                $0.count = 42
            }
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        Received unexpected action:

                        \u{2212} Counter.Action.response(41)
                        + Counter.Action.response(42)

                        (Expected: \u{2212}, Received: +)
                        """, fileID: file, line: line)
            ])
    }

    func testAnActionThatDoesNotComeWithinTheTimeoutFails() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 4
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.startForever)
            await store.receive(.response(1), timeout: .milliseconds(20))
            await store.send(.stop)
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        Expected to receive the following action within 0.02 seconds, but received none:

                          Counter.Action.response(1)
                        """, fileID: file, line: line)
            ])
    }

    func testReceivingWhenNothingIsRunningFailsAtOnce() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 3
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.receive(.response(1), timeout: .seconds(3600))
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        Expected to receive the following action, but received none and no effects are running:

                          Counter.Action.response(1)
                        """, fileID: file, line: line)
            ])
    }

    func testFinishFailsForEffectsStillRunningAndCancelsThem() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 4
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.startForever)
            await store.finish(timeout: .milliseconds(20))
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        Expected effects to finish within 0.02 seconds, but 1 effect is still running, started by:

                          Counter.Action.startForever
                        """, fileID: file, line: line)
            ])
    }

    func testAnEffectStillRunningWhenTheStoreEndsFailsAtTheStepThatStartedIt() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 3
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.startForever)
            await store.send(.increment) { $0.count = 1 }
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        An effect returned for this action is still running. It must complete before the end of the test:

                          Counter.Action.startForever
                        """, fileID: file, line: line)
            ])
    }

    func testAnActionNotReceivedWhenTheStoreEndsFailsAtTheLastStep() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 3
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            let task = await store.send(.fetch) { $0.isLoading = true }
            await task.finish()
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        The store received 1 unexpected action after this one:

                        Unhandled actions:
                          Counter.Action.response(42)
                        """, fileID: file, line: line)
            ])
    }

    func testFinishReportsActionsNotReceived() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 4
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.fetch) { $0.isLoading = true }
            await store.finish()
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        The store received 1 unexpected action:

                        Unhandled actions:
                          Counter.Action.response(42)
                        """, fileID: file, line: line)
            ])
    }

    func testSkippingWhenNothingWasReceivedFails() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 3
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.skipReceivedActions()
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: "There were no received actions to skip.", fileID: file, line: line)
            ])
    }

    func testAReceivedActionThatDoesNotMatchThePredicateFails() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 4
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.fetch) { $0.isLoading = true }
            await store.receive({ $0 == .increment }) {
                $0.isLoading = false
                $0.count = 42
            }
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        Received an action that does not match the predicate:

                          Counter.Action.response(42)
                        """, fileID: file, line: line)
            ])
    }

    func testATaskThatDoesNotFinishWithinTheTimeoutFails() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 4
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            let task = await store.send(.startForever)
            await task.finish(timeout: .milliseconds(20))
            await store.send(.stop)
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        Expected the effects of this action to finish within 0.02 seconds, but they are still running:

                          Counter.Action.startForever
                        """, fileID: file, line: line)
            ])
    }

    func testNotExhaustiveOnlyChecksWhatIsAsserted() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 7
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            store.exhaustivity = .off
            await store.send(.increment)
            await store.send(.fetch)
            await store.receive(.response(42)) { $0.count = 42 }
            await store.send(.increment) { $0.count = 100 }
            await store.send(.startForever)
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: """
                        A state change does not match expectation:

                          Counter.State(
                        \u{2212}   count: 100,
                        +   count: 43,
                            isLoading: false
                          )

                        (Expected: \u{2212}, Actual: +)
                        """, fileID: file, line: line)
            ])
    }
}

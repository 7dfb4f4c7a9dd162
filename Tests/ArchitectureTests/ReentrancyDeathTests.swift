import Architecture
import ArchitectureTestSupport
import Foundation
import Reactive
import TestSupport
import XCTest

/// A send from inside a reducer must stop the program with a message that says what went wrong.
/// The crash runs in a child process: this test binary, started again on the one test below.
final class ReentrancyDeathTests: XCTestCase {
    private static let childVariable = "ARCHITECTURE_DEATH_TEST_CHILD"

    /// Does its work only in the child process; in a normal run it passes without doing anything.
    func testChildSendsFromInsideTheReducer() {
        guard ProcessInfo.processInfo.environment[Self.childVariable] == "1" else { return }
        let box = StoreBox()
        let store = Store(
            initialState: 0,
            reducer: Reduce<Int, CounterAction> { state, action in
                if action == .increment { box.store.withLock { $0 }?.send(.noop) }
                return .none
            })
        box.store.withLock { $0 = store }
        store.send(.increment)
    }

    func testASendFromInsideTheReducerStopsWithAClearMessage() throws {
        #if os(Linux)
            let (status, output) = try runTestInChildProcess(
                "ArchitectureTests.ReentrancyDeathTests/testChildSendsFromInsideTheReducer", environment: [Self.childVariable: "1"])
            XCTAssertTrue(wasKilledBySignal(status), output)
            XCTAssertTrue(
                output.contains(
                    "Store.send(noop) was called from inside the reducer while it was reducing increment. "
                        + "A reducer must not send actions: return .send(action) as its effect instead."),
                output)
        #else
            throw XCTSkip("The child process is started the Linux way (the .xctest binary).")
        #endif
    }
}

/// Lets the reducer reach its own store, which is exactly the mistake under test.
private final class StoreBox: Sendable {
    let store = Locked<Store<Int, CounterAction>?>(nil)
}

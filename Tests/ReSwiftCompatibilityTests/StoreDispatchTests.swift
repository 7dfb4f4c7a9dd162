// Parity tests: ReSwift's dispatch tests (ReSwift/ReSwift, ReSwiftTests/StoreDispatchTests.swift), re-expressed.
// ReSwift test cases covered: testThrowsExceptionWhenReducersDispatch (ReSwift catches its fatal error
// through its test hook; here through the store's own hook, which is what `@testable` gives).
// Not covered: testAcceptsActionCreators, testAcceptsAsyncActionCreators, testCallsCallbackOnce (action
// creators, deprecated by ReSwift in favour of ReSwift-Thunk, are not part of this module).
import XCTest

@testable import ReSwiftCompatibility

final class StoreDispatchTests: XCTestCase {
    /// A reducer that dispatches stops the program, as in ReSwift; the hook sees why instead.
    func testThrowsExceptionWhenReducersDispatch() {
        let reducer = DispatchingReducer()
        let store = Store(reducer: reducer.handleAction, state: TestAppState())
        reducer.store = store

        let received = ReducerDispatch.messages { store.dispatch(SetValueAction(10)) }

        XCTAssertEqual(received.count, 1)
        XCTAssertTrue(received.first?.contains("from inside the reducer") ?? false, "\(received)")
        XCTAssertEqual(store.state.testValue, 10)
    }
}

/// Dispatches `SetValueAction(20)` from inside the reducer, which a reducer must never do.
final class DispatchingReducer {
    weak var store: Store<TestAppState>?

    func handleAction(action: Action, state: TestAppState?) -> TestAppState {
        var state = state ?? TestAppState()
        if let action = action as? SetValueAction {
            store?.dispatch(SetValueAction(20))
            state.testValue = action.value
        }
        return state
    }
}

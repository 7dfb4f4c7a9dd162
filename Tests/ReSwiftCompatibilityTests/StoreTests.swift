// Parity tests: ReSwift's own store tests (ReSwift/ReSwift, ReSwiftTests/StoreTests.swift), re-expressed.
// ReSwift test cases covered: testInit, testDeinit.
import ReSwiftCompatibility
import XCTest

final class StoreTests: XCTestCase {
    /// A store created without a state dispatches `ReSwiftInit` first.
    func testInit() {
        let reducer = MockReducer()
        _ = Store<CounterState>(reducer: reducer.handleAction, state: nil)
        XCTAssert(reducer.calledWithAction[0] is ReSwiftInit)
    }

    /// A store nothing refers to goes away.
    func testDeinit() {
        var deInitCount = 0
        do {
            let reducer = TestReducer()
            _ = DeInitStore(reducer: reducer.handleAction, state: TestAppState(), deInitAction: { deInitCount += 1 })
        }
        XCTAssertEqual(deInitCount, 1)
    }
}

/// A store subclass that reports its deinitialisation.
final class DeInitStore<State: Sendable>: Store<State>, @unchecked Sendable {
    // @unchecked Sendable, restated as Swift 6 asks of a subclass: the store's own state is behind
    // its lock, and `deInitAction` is only set in `init`.
    var deInitAction: (() -> Void)?

    deinit {
        deInitAction?()
    }

    required convenience init(reducer: @escaping Reducer<State>, state: State?, deInitAction: (() -> Void)?) {
        self.init(reducer: reducer, state: state, middleware: [], automaticallySkipsRepeats: false)
        self.deInitAction = deInitAction
    }

    required init(
        reducer: @escaping Reducer<State>, state: State?, middleware: [Middleware<State>], automaticallySkipsRepeats: Bool
    ) {
        super.init(reducer: reducer, state: state, middleware: middleware, automaticallySkipsRepeats: automaticallySkipsRepeats)
    }
}

struct CounterState {
    var count = 0
}

/// Records every action it reduces.
final class MockReducer {
    var calledWithAction: [Action] = []

    func handleAction(action: Action, state: CounterState?) -> CounterState {
        calledWithAction.append(action)
        return state ?? CounterState()
    }
}

// Parity tests: ReSwift's automatic skip-repeats tests (ReSwift/ReSwift, ReSwiftTests/AutomaticallySkipRepeatsTests.swift),
// re-expressed. ReSwift test cases covered: testInitialSubscriptionWithRegularSubstateSelection,
// testInitialSubscriptionWithKeyPath, testDispatchUnrelatedActionWithExplicitSkipRepeatsWithRegularSubstateSelection,
// testDispatchUnrelatedActionWithExplicitSkipRepeatsWithKeyPath,
// testDispatchUnrelatedActionWithoutExplicitSkipRepeatsWithRegularSubstateSelection,
// testDispatchUnrelatedActionWithoutExplicitSkipRepeatsWithKeyPath.
import ReSwiftCompatibility
import XCTest

final class AutomaticallySkipRepeatsTests: XCTestCase {
    private var store: Store<State>!
    private var subscriptionUpdates = 0

    override func setUp() {
        super.setUp()
        store = Store<State>(reducer: reducer, state: nil)
        subscriptionUpdates = 0
    }

    override func tearDown() {
        store = nil
        subscriptionUpdates = 0
        super.tearDown()
    }

    func testInitialSubscriptionWithRegularSubstateSelection() {
        store.subscribe(self) { $0.select { $0.name } }
        XCTAssertEqual(subscriptionUpdates, 1)
    }

    func testInitialSubscriptionWithKeyPath() {
        store.subscribe(self) { $0.select(\.name) }
        XCTAssertEqual(subscriptionUpdates, 1)
    }

    func testDispatchUnrelatedActionWithExplicitSkipRepeatsWithRegularSubstateSelection() {
        store.subscribe(self) { $0.select { $0.name }.skipRepeats() }
        XCTAssertEqual(subscriptionUpdates, 1)
        store.dispatch(ChangeAge(newAge: 30))
        XCTAssertEqual(subscriptionUpdates, 1)
    }

    func testDispatchUnrelatedActionWithExplicitSkipRepeatsWithKeyPath() {
        store.subscribe(self) { $0.select(\.name).skipRepeats() }
        XCTAssertEqual(subscriptionUpdates, 1)
        store.dispatch(ChangeAge(newAge: 30))
        XCTAssertEqual(subscriptionUpdates, 1)
    }

    func testDispatchUnrelatedActionWithoutExplicitSkipRepeatsWithRegularSubstateSelection() {
        store.subscribe(self) { $0.select { $0.name } }
        XCTAssertEqual(subscriptionUpdates, 1)
        store.dispatch(ChangeAge(newAge: 30))
        XCTAssertEqual(subscriptionUpdates, 1)
    }

    func testDispatchUnrelatedActionWithoutExplicitSkipRepeatsWithKeyPath() {
        store.subscribe(self) { $0.select(\.name) }
        XCTAssertEqual(subscriptionUpdates, 1)
        store.dispatch(ChangeAge(newAge: 30))
        XCTAssertEqual(subscriptionUpdates, 1)
    }
}

extension AutomaticallySkipRepeatsTests: StoreSubscriber {
    func newState(state: String) {
        subscriptionUpdates += 1
    }
}

private struct State: Equatable {
    let age: Int
    let name: String
}

struct ChangeAge: Action {
    let newAge: Int
}

private let initialState = State(age: 29, name: "Daniel")

private func reducer(action: Action, state: State?) -> State {
    let state = state ?? initialState
    if let changeAge = action as? ChangeAge {
        return State(age: changeAge.newAge, name: state.name)
    }
    return state
}

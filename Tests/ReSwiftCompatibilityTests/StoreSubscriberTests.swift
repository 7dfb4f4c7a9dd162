// Parity tests: ReSwift's subscriber tests (ReSwift/ReSwift, ReSwiftTests/StoreSubscriberTests.swift), re-expressed.
// ReSwift test cases covered: testAllowsSelectorClosure, testAllowsSelectorKeyPath, testComplexStateSelector,
// testUnchangedStateWithRegularSubstateSelection, testUnchangedStateWithKeyPath,
// testUnchangedStateDefaultSkipRepeatsWithRegularSubstateSelection, testUnchangedStateDefaultSkipRepeatsWithKeyPath,
// testSkipsStateUpdatesForCustomEqualityChecksWithRegularSubstateSelection,
// testSkipsStateUpdatesForCustomEqualityChecksWithKeyPath,
// testPassesOnDuplicateSubstateUpdatesByDefaultWithRegularSubstateSelection,
// testPassesOnDuplicateSubstateUpdatesByDefaultWithKeyPath,
// testPassesOnDuplicateSubstateWhenSkipsFalseWithRegularSubstateSelection,
// testPassesOnDuplicateSubstateWhenSkipsFalseWithKeyPath, testSkipsStateUpdatesForEquatableStateByDefault,
// testSkipsStateUpdatesForEquatableSubStateByDefaultWithRegularSubstateSelection,
// testSkipsStateUpdatesForEquatableSubStateByDefaultWithKeyPathOnGenericStoreType,
// testSkipsStateUpdatesForEquatableSubStateByDefaultWithKeyPath, testPassesOnDuplicateStateUpdatesInCustomizedStore,
// testSkipWhenWithRegularSubstateSelection, testSkipWhenWithKeyPath, testOnlyWhenWithRegularSubstateSelection,
// testOnlyWhenWithKeyPath.
import ReSwiftCompatibility
import XCTest

final class StoreSubscriberTests: XCTestCase {
    /// A selector closure picks the part of the state the subscriber receives.
    func testAllowsSelectorClosure() {
        let reducer = TestReducer()
        let store = Store(reducer: reducer.handleAction, state: TestAppState())
        let subscriber = TestFilteredSubscriber<Int?>()
        store.subscribe(subscriber) { $0.select { $0.testValue } }

        store.dispatch(SetValueAction(3))
        XCTAssertEqual(subscriber.receivedValue, 3)

        store.dispatch(SetValueAction(nil))
        XCTAssertEqual(subscriber.receivedValue, .some(.none))
    }

    /// A key path picks the part of the state the subscriber receives.
    func testAllowsSelectorKeyPath() {
        let reducer = TestReducer()
        let store = Store(reducer: reducer.handleAction, state: TestAppState())
        let subscriber = TestFilteredSubscriber<Int?>()
        store.subscribe(subscriber) { $0.select(\.testValue) }

        store.dispatch(SetValueAction(3))
        XCTAssertEqual(subscriber.receivedValue, 3)

        store.dispatch(SetValueAction(nil))
        XCTAssertEqual(subscriber.receivedValue, .some(.none))
    }

    /// A selector may build a value of several parts.
    func testComplexStateSelector() {
        let reducer = TestComplexAppStateReducer()
        let store = Store(reducer: reducer.handleAction, state: TestComplexAppState())
        let subscriber = TestSelectiveSubscriber()
        store.subscribe(subscriber) { $0.select { ($0.testValue, $0.otherState?.name) } }

        store.dispatch(SetValueAction(5))
        store.dispatch(SetOtherStateAction(otherState: OtherState(name: "TestName", age: 99)))

        XCTAssertEqual(subscriber.receivedValue.0, 5)
        XCTAssertEqual(subscriber.receivedValue.1, "TestName")
    }

    /// An explicit `skipRepeats` drops an unchanged selected value.
    func testUnchangedStateWithRegularSubstateSelection() {
        let reducer = TestReducer()
        var state = TestAppState()
        state.testValue = 3
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<Int?>()
        store.subscribe(subscriber) { $0.select { $0.testValue }.skipRepeats { $0 == $1 } }
        XCTAssertEqual(subscriber.receivedValue, 3)

        store.dispatch(SetValueAction(3))

        XCTAssertEqual(subscriber.receivedValue, 3)
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// An explicit `skipRepeats` drops an unchanged value selected by key path.
    func testUnchangedStateWithKeyPath() {
        let reducer = TestReducer()
        var state = TestAppState()
        state.testValue = 3
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<Int?>()
        store.subscribe(subscriber) { $0.select(\.testValue).skipRepeats { $0 == $1 } }
        XCTAssertEqual(subscriber.receivedValue, 3)

        store.dispatch(SetValueAction(3))

        XCTAssertEqual(subscriber.receivedValue, 3)
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// `skipRepeats()` of an `Equatable` selection drops an unchanged value.
    func testUnchangedStateDefaultSkipRepeatsWithRegularSubstateSelection() {
        let reducer = TestValueStringReducer()
        let state = TestStringAppState()
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<String>()
        store.subscribe(subscriber) { $0.select { $0.testValue }.skipRepeats() }
        XCTAssertEqual(subscriber.receivedValue, "Initial")

        store.dispatch(SetValueStringAction("Initial"))

        XCTAssertEqual(subscriber.receivedValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// `skipRepeats()` of an `Equatable` key path selection drops an unchanged value.
    func testUnchangedStateDefaultSkipRepeatsWithKeyPath() {
        let reducer = TestValueStringReducer()
        let state = TestStringAppState()
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<String>()
        store.subscribe(subscriber) { $0.select(\.testValue).skipRepeats() }
        XCTAssertEqual(subscriber.receivedValue, "Initial")

        store.dispatch(SetValueStringAction("Initial"))

        XCTAssertEqual(subscriber.receivedValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// `skipRepeats` with a custom equality drops what it calls a repeat.
    func testSkipsStateUpdatesForCustomEqualityChecksWithRegularSubstateSelection() {
        let reducer = TestCustomAppStateReducer()
        let state = TestCustomAppState(substateValue: 5)
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<TestCustomAppState.TestCustomSubstate>()
        store.subscribe(subscriber) { $0.select { $0.substate }.skipRepeats { $0.value == $1.value } }
        XCTAssertEqual(subscriber.receivedValue.value, 5)

        store.dispatch(SetCustomSubstateAction(5))

        XCTAssertEqual(subscriber.receivedValue.value, 5)
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// `skipRepeats` with a custom equality drops what it calls a repeat, by key path.
    func testSkipsStateUpdatesForCustomEqualityChecksWithKeyPath() {
        let reducer = TestCustomAppStateReducer()
        let state = TestCustomAppState(substateValue: 5)
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<TestCustomAppState.TestCustomSubstate>()
        store.subscribe(subscriber) { $0.select(\.substate).skipRepeats { $0.value == $1.value } }
        XCTAssertEqual(subscriber.receivedValue.value, 5)

        store.dispatch(SetCustomSubstateAction(5))

        XCTAssertEqual(subscriber.receivedValue.value, 5)
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// A selection that is not `Equatable` is delivered after every action.
    func testPassesOnDuplicateSubstateUpdatesByDefaultWithRegularSubstateSelection() {
        let reducer = TestNonEquatableReducer()
        let state = TestNonEquatable()
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<NonEquatable>()
        store.subscribe(subscriber) { $0.select { $0.testValue } }
        XCTAssertEqual(subscriber.receivedValue.testValue, "Initial")

        store.dispatch(SetNonEquatableAction(NonEquatable()))

        XCTAssertEqual(subscriber.receivedValue.testValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 2)
    }

    /// A key path selection that is not `Equatable` is delivered after every action.
    func testPassesOnDuplicateSubstateUpdatesByDefaultWithKeyPath() {
        let reducer = TestNonEquatableReducer()
        let state = TestNonEquatable()
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<NonEquatable>()
        store.subscribe(subscriber) { $0.select(\.testValue) }
        XCTAssertEqual(subscriber.receivedValue.testValue, "Initial")

        store.dispatch(SetNonEquatableAction(NonEquatable()))

        XCTAssertEqual(subscriber.receivedValue.testValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 2)
    }

    /// A store that does not skip repeats delivers an unchanged `Equatable` selection.
    func testPassesOnDuplicateSubstateWhenSkipsFalseWithRegularSubstateSelection() {
        let reducer = TestValueStringReducer()
        let state = TestStringAppState()
        let store = Store(reducer: reducer.handleAction, state: state, middleware: [], automaticallySkipsRepeats: false)
        let subscriber = TestFilteredSubscriber<String>()
        store.subscribe(subscriber) { $0.select { $0.testValue } }
        XCTAssertEqual(subscriber.receivedValue, "Initial")

        store.dispatch(SetValueStringAction("Initial"))

        XCTAssertEqual(subscriber.receivedValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 2)
    }

    /// A store that does not skip repeats delivers an unchanged `Equatable` key path selection.
    func testPassesOnDuplicateSubstateWhenSkipsFalseWithKeyPath() {
        let reducer = TestValueStringReducer()
        let state = TestStringAppState()
        let store = Store(reducer: reducer.handleAction, state: state, middleware: [], automaticallySkipsRepeats: false)
        let subscriber = TestFilteredSubscriber<String>()
        store.subscribe(subscriber) { $0.select(\.testValue) }
        XCTAssertEqual(subscriber.receivedValue, "Initial")

        store.dispatch(SetValueStringAction("Initial"))

        XCTAssertEqual(subscriber.receivedValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 2)
    }

    /// An unchanged `Equatable` state is not delivered.
    func testSkipsStateUpdatesForEquatableStateByDefault() {
        let reducer = TestValueStringReducer()
        let state = TestStringAppState()
        let store = Store(reducer: reducer.handleAction, state: state, middleware: [])
        let subscriber = TestFilteredSubscriber<TestStringAppState>()
        store.subscribe(subscriber)
        XCTAssertEqual(subscriber.receivedValue.testValue, "Initial")

        store.dispatch(SetValueStringAction("Initial"))

        XCTAssertEqual(subscriber.receivedValue.testValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// An unchanged `Equatable` selection of a state that is not is not delivered.
    func testSkipsStateUpdatesForEquatableSubStateByDefaultWithRegularSubstateSelection() {
        let reducer = TestNonEquatableReducer()
        let state = TestNonEquatable()
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<String>()
        store.subscribe(subscriber) { $0.select { $0.testValue.testValue } }
        XCTAssertEqual(subscriber.receivedValue, "Initial")

        store.dispatch(SetValueStringAction("Initial"))

        XCTAssertEqual(subscriber.receivedValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// An unchanged `Equatable` key path selection of a state that is not is not delivered.
    func testSkipsStateUpdatesForEquatableSubStateByDefaultWithKeyPath() {
        let reducer = TestNonEquatableReducer()
        let state = TestNonEquatable()
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<String>()
        store.subscribe(subscriber) { $0.select(\.testValue.testValue) }
        XCTAssertEqual(subscriber.receivedValue, "Initial")

        store.dispatch(SetValueStringAction("Initial"))

        XCTAssertEqual(subscriber.receivedValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// A store that does not skip repeats delivers an unchanged `Equatable` state.
    func testPassesOnDuplicateStateUpdatesInCustomizedStore() {
        let reducer = TestValueStringReducer()
        let state = TestStringAppState()
        let store = Store(reducer: reducer.handleAction, state: state, middleware: [], automaticallySkipsRepeats: false)
        let subscriber = TestFilteredSubscriber<TestStringAppState>()
        store.subscribe(subscriber)
        XCTAssertEqual(subscriber.receivedValue.testValue, "Initial")

        store.dispatch(SetValueStringAction("Initial"))

        XCTAssertEqual(subscriber.receivedValue.testValue, "Initial")
        XCTAssertEqual(subscriber.newStateCallCount, 2)
    }

    /// `skip(when:)` drops the changes it matches.
    func testSkipWhenWithRegularSubstateSelection() {
        let reducer = TestCustomAppStateReducer()
        let state = TestCustomAppState(substateValue: 5)
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<TestCustomAppState.TestCustomSubstate>()
        store.subscribe(subscriber) { $0.select { $0.substate }.skip { $0.value == $1.value } }
        XCTAssertEqual(subscriber.receivedValue.value, 5)

        store.dispatch(SetCustomSubstateAction(5))

        XCTAssertEqual(subscriber.receivedValue.value, 5)
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// `skip(when:)` drops the changes it matches, by key path.
    func testSkipWhenWithKeyPath() {
        let reducer = TestCustomAppStateReducer()
        let state = TestCustomAppState(substateValue: 5)
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<TestCustomAppState.TestCustomSubstate>()
        store.subscribe(subscriber) { $0.select(\.substate).skip { $0.value == $1.value } }
        XCTAssertEqual(subscriber.receivedValue.value, 5)

        store.dispatch(SetCustomSubstateAction(5))

        XCTAssertEqual(subscriber.receivedValue.value, 5)
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// `only(when:)` keeps only the changes it matches.
    func testOnlyWhenWithRegularSubstateSelection() {
        let reducer = TestCustomAppStateReducer()
        let state = TestCustomAppState(substateValue: 5)
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<TestCustomAppState.TestCustomSubstate>()
        store.subscribe(subscriber) { $0.select { $0.substate }.only { $0.value != $1.value } }
        XCTAssertEqual(subscriber.receivedValue.value, 5)

        store.dispatch(SetCustomSubstateAction(5))

        XCTAssertEqual(subscriber.receivedValue.value, 5)
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// `only(when:)` keeps only the changes it matches, by key path.
    func testOnlyWhenWithKeyPath() {
        let reducer = TestCustomAppStateReducer()
        let state = TestCustomAppState(substateValue: 5)
        let store = Store(reducer: reducer.handleAction, state: state)
        let subscriber = TestFilteredSubscriber<TestCustomAppState.TestCustomSubstate>()
        store.subscribe(subscriber) { $0.select(\.substate).only { $0.value != $1.value } }
        XCTAssertEqual(subscriber.receivedValue.value, 5)

        store.dispatch(SetCustomSubstateAction(5))

        XCTAssertEqual(subscriber.receivedValue.value, 5)
        XCTAssertEqual(subscriber.newStateCallCount, 1)
    }

    /// Through the generic `StoreType`, an `Equatable` selection still skips repeats.
    func testSkipsStateUpdatesForEquatableSubStateByDefaultWithKeyPathOnGenericStoreType() {
        let reducer = TestNonEquatableReducer()
        let store = Store(reducer: reducer.handleAction, state: TestNonEquatable())

        func runTests<S: StoreType>(store: S) where S.State == TestNonEquatable {
            let subscriber = TestFilteredSubscriber<String>()
            store.subscribe(subscriber) { $0.select(\.testValue.testValue) }
            XCTAssertEqual(subscriber.receivedValue, "Initial")

            store.dispatch(SetValueStringAction("Initial"))

            XCTAssertEqual(subscriber.receivedValue, "Initial")
            XCTAssertEqual(subscriber.newStateCallCount, 1)
        }
        runTests(store: store)
    }
}

/// Keeps the last pair of values it received.
final class TestSelectiveSubscriber: StoreSubscriber {
    var receivedValue: (Int?, String?)

    func newState(state: (Int?, String?)) {
        receivedValue = state
    }
}

struct OtherState {
    var name: String?
    var age: Int?
}

struct TestComplexAppState {
    var testValue: Int?
    var otherState: OtherState?
}

struct SetOtherStateAction: Action {
    var otherState: OtherState
}

struct TestComplexAppStateReducer {
    func handleAction(action: Action, state: TestComplexAppState?) -> TestComplexAppState {
        var state = state ?? TestComplexAppState()
        if let action = action as? SetValueAction {
            state.testValue = action.value
        } else if let action = action as? SetOtherStateAction {
            state.otherState = action.otherState
        }
        return state
    }
}

// The states, actions, reducers and subscribers that the ReSwift parity tests share: the fixtures of
// ReSwift's ReSwiftTests/TestFakes.swift, with the same shapes and values.
import ReSwiftCompatibility

struct TestAppState {
    var testValue: Int?

    init(testValue: Int? = nil) {
        self.testValue = testValue
    }
}

struct TestStringAppState: Equatable {
    var testValue = "Initial"
}

struct NonEquatable {
    var testValue = "Initial"
}

struct TestNonEquatable {
    var testValue = NonEquatable()
}

struct TestCustomAppState {
    struct TestCustomSubstate {
        var value: Int
    }

    var substate: TestCustomSubstate

    init(substateValue value: Int = 0) {
        substate = TestCustomSubstate(value: value)
    }
}

struct NoOpAction: Action {}

struct SetValueAction: Action {
    let value: Int?

    init(_ value: Int?) {
        self.value = value
    }
}

struct SetValueStringAction: Action {
    var value: String

    init(_ value: String) {
        self.value = value
    }
}

struct SetCustomSubstateAction: Action {
    var value: Int

    init(_ value: Int) {
        self.value = value
    }
}

struct SetNonEquatableAction: Action {
    var value: NonEquatable

    init(_ value: NonEquatable) {
        self.value = value
    }
}

struct TestReducer {
    func handleAction(action: Action, state: TestAppState?) -> TestAppState {
        var state = state ?? TestAppState()
        if let action = action as? SetValueAction {
            state.testValue = action.value
        }
        return state
    }
}

struct TestValueStringReducer {
    func handleAction(action: Action, state: TestStringAppState?) -> TestStringAppState {
        var state = state ?? TestStringAppState()
        if let action = action as? SetValueStringAction {
            state.testValue = action.value
        }
        return state
    }
}

struct TestCustomAppStateReducer {
    func handleAction(action: Action, state: TestCustomAppState?) -> TestCustomAppState {
        var state = state ?? TestCustomAppState()
        if let action = action as? SetCustomSubstateAction {
            state.substate.value = action.value
        }
        return state
    }
}

struct TestNonEquatableReducer {
    func handleAction(action: Action, state: TestNonEquatable?) -> TestNonEquatable {
        var state = state ?? TestNonEquatable()
        if let action = action as? SetNonEquatableAction {
            state.testValue = action.value
        }
        return state
    }
}

/// Keeps every state it receives.
final class TestStoreSubscriber<T>: StoreSubscriber {
    var receivedStates: [T] = []

    func newState(state: T) {
        receivedStates.append(state)
    }
}

/// Calls a closure with each state.
final class BlockSubscriber<S>: StoreSubscriber {
    private let block: (S) -> Void

    init(block: @escaping (S) -> Void) {
        self.block = block
    }

    func newState(state: S) {
        block(state)
    }
}

/// Dispatches `SetValueAction(5)` from `newState` until the state holds 5.
final class DispatchingSubscriber: StoreSubscriber {
    let store: Store<TestAppState>

    init(store: Store<TestAppState>) {
        self.store = store
    }

    func newState(state: TestAppState) {
        if state.testValue != 5 {
            store.dispatch(SetValueAction(5))
        }
    }
}

/// Keeps the last state it received and how many it received.
final class TestFilteredSubscriber<T>: StoreSubscriber {
    var receivedValue: T!
    var newStateCallCount = 0

    func newState(state: T) {
        receivedValue = state
        newStateCallCount += 1
    }
}

// Parity tests: ReSwift's middleware tests (ReSwift/ReSwift, ReSwiftTests/StoreMiddlewareTests.swift), re-expressed.
// ReSwift test cases covered: testDecorateDispatch, testCanDispatch, testMiddlewareCanAccessState.
// Not covered: testCanMutateMiddlewareAfterInit (the middleware is fixed when the store is created: it
// becomes steps of Architecture's chain).
//
// ReSwift declares these middleware as global `let`s; in Swift 6 a global holding a non-sendable
// function must be computed (or isolated), so they are computed variables here.
import ReSwiftCompatibility
import XCTest

/// Appends " First Middleware" to a `SetValueStringAction`.
var firstMiddleware: Middleware<Any> {
    { _, _ in
        { next in
            { action in
                if var action = action as? SetValueStringAction {
                    action.value += " First Middleware"
                    next(action)
                } else {
                    next(action)
                }
            }
        }
    }
}

/// Appends " Second Middleware" to a `SetValueStringAction`.
var secondMiddleware: Middleware<Any> {
    { _, _ in
        { next in
            { action in
                if var action = action as? SetValueStringAction {
                    action.value += " Second Middleware"
                    next(action)
                } else {
                    next(action)
                }
            }
        }
    }
}

/// Dispatches a `SetValueStringAction` with the value of each `SetValueAction`, which it passes on.
var dispatchingMiddleware: Middleware<Any> {
    { dispatch, _ in
        { next in
            { action in
                if let action = action as? SetValueAction {
                    dispatch(SetValueStringAction("\(action.value ?? 0)"))
                }
                next(action)
            }
        }
    }
}

/// While the state is "OK", swallows each action and dispatches "Not OK" instead.
var stateAccessingMiddleware: Middleware<TestStringAppState> {
    { dispatch, getState in
        { next in
            { action in
                let appState = getState()
                let stringAction = action as? SetValueStringAction
                if appState?.testValue == "OK" && stringAction?.value != "Not OK" {
                    dispatch(SetValueStringAction("Not OK"))
                    next(NoOpAction())
                } else {
                    next(action)
                }
            }
        }
    }
}

final class StoreMiddlewareTests: XCTestCase {
    /// Middleware transforms the action on its way to the reducer, in order.
    func testDecorateDispatch() {
        let reducer = TestValueStringReducer()
        let middleware: [Middleware<TestStringAppState>] = [firstMiddleware, secondMiddleware]
        let store = Store<TestStringAppState>(reducer: reducer.handleAction, state: TestStringAppState(), middleware: middleware)
        let subscriber = TestStoreSubscriber<TestStringAppState>()
        store.subscribe(subscriber)

        store.dispatch(SetValueStringAction("OK"))

        XCTAssertEqual(store.state.testValue, "OK First Middleware Second Middleware")
    }

    /// Middleware dispatches new actions, which go through the whole chain.
    func testCanDispatch() {
        let reducer = TestValueStringReducer()
        let middleware: [Middleware<TestStringAppState>] = [firstMiddleware, secondMiddleware, dispatchingMiddleware]
        let store = Store<TestStringAppState>(reducer: reducer.handleAction, state: TestStringAppState(), middleware: middleware)
        let subscriber = TestStoreSubscriber<TestStringAppState>()
        store.subscribe(subscriber)

        store.dispatch(SetValueAction(10))

        XCTAssertEqual(store.state.testValue, "10 First Middleware Second Middleware")
    }

    /// Middleware reads the state.
    func testMiddlewareCanAccessState() {
        let reducer = TestValueStringReducer()
        var state = TestStringAppState()
        state.testValue = "OK"
        let store = Store<TestStringAppState>(reducer: reducer.handleAction, state: state, middleware: [stateAccessingMiddleware])

        store.dispatch(SetValueStringAction("Action That Won't Go Through"))

        XCTAssertEqual(store.state.testValue, "Not OK")
    }
}

// What the ReSwift face adds to ReSwift's behaviour, and how it shares Architecture's store: both
// modules imported at once (each `Store` named by its module), sends from both faces in one order,
// dispatches from subscribers queued rather than nested, and async middleware.
import Architecture
import Dispatch
import ReSwiftCompatibility
import XCTest

final class TwoFacesTests: XCTestCase {
    /// With both modules imported, each store type is named by its module.
    func testBothStoresAreNamedByTheirModule() {
        let reSwiftStore = ReSwiftCompatibility.Store(reducer: TestReducer().handleAction, state: TestAppState())
        let architectureStore: Architecture.Store<TestAppState?, any ReSwiftCompatibility.Action> = reSwiftStore.architectureStore

        reSwiftStore.dispatch(SetValueAction(1))
        XCTAssertEqual(architectureStore.state?.testValue, 1)

        architectureStore.send(SetValueAction(2))
        XCTAssertEqual(reSwiftStore.state.testValue, 2)
    }

    /// Actions sent through Architecture's face reach ReSwift's subscribers, in order.
    func testSubscribersSeeActionsFromBothFaces() {
        let store = ReSwiftCompatibility.Store(reducer: TestReducer().handleAction, state: TestAppState())
        let subscriber = TestStoreSubscriber<TestAppState>()
        store.subscribe(subscriber)

        store.dispatch(SetValueAction(1))
        store.architectureStore.send(SetValueAction(2))
        store.dispatch(SetValueAction(3))

        XCTAssertEqual(subscriber.receivedStates.map(\.testValue), [nil, 1, 2, 3])
    }

    /// A dispatch from `newState` waits until every subscriber has seen the state before it, so no
    /// subscriber sees a later state before an earlier one (ReSwift would nest it).
    func testADispatchFromASubscriberIsQueuedNotNested() {
        let store = ReSwiftCompatibility.Store(reducer: TestReducer().handleAction, state: TestAppState())
        let dispatching = BlockSubscriber<TestAppState> { state in
            if state.testValue == 1 { store.dispatch(SetValueAction(2)) }
        }
        let recording = TestStoreSubscriber<TestAppState>()
        store.subscribe(dispatching)
        store.subscribe(recording)

        store.dispatch(SetValueAction(1))

        XCTAssertEqual(recording.receivedStates.map(\.testValue), [nil, 1, 2])
    }

    /// A middleware that calls `next` from another thread resumes the action at the next step; the
    /// store processes it when it is free, and the subscribers see it.
    func testAMiddlewareMayCallNextFromAsyncWork() {
        let reduced = expectation(description: "the delayed action reaches the reducer")
        let delaying: ReSwiftCompatibility.Middleware<TestAppState> = { _, _ in
            { next in
                { action in
                    guard action is SetValueAction else { return next(action) }
                    DispatchQueue.global().async { next(action) }
                }
            }
        }
        let store = ReSwiftCompatibility.Store(reducer: TestReducer().handleAction, state: TestAppState(), middleware: [delaying])
        let subscriber = BlockSubscriber<TestAppState> { state in
            if state.testValue == 4 { reduced.fulfill() }
        }
        store.subscribe(subscriber)

        store.dispatch(SetValueAction(4))

        wait(for: [reduced], timeout: 5)
        XCTAssertEqual(store.state.testValue, 4)
    }

    /// `getState` in a middleware is nil while the initial `ReSwiftInit` is on its way, then the state.
    func testGetStateIsNilOnlyBeforeTheFirstState() {
        let seen = TestStoreSubscriber<Int?>()
        let reading: ReSwiftCompatibility.Middleware<TestAppState> = { _, getState in
            { next in
                { action in
                    seen.newState(state: getState().map { $0.testValue ?? 0 })
                    next(action)
                }
            }
        }
        let store = ReSwiftCompatibility.Store(reducer: TestReducer().handleAction, state: nil, middleware: [reading])

        store.dispatch(SetValueAction(6))

        XCTAssertEqual(seen.receivedStates, [nil, 0])
    }
}

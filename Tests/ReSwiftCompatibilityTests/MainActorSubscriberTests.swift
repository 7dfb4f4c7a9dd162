// A subscriber isolated to the main actor (a view controller, in an app) conforms with
// `@MainActor StoreSubscriber` and is subscribed and dispatched to from the main thread, as ReSwift's
// stores are used: the store calls it on the thread that processes the action.
import ReSwiftCompatibility
import XCTest

/// A subscriber isolated to the main actor, as a view controller is.
@MainActor
final class MainActorSubscriber: @MainActor StoreSubscriber {
    var values: [Int?] = []

    func newState(state: TestAppState) {
        values.append(state.testValue)
    }
}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class MainActorSubscriberTests: XCTestCase {
    func testAMainActorSubscriberSubscribesFromTheMainActor() {
        let store = Store(reducer: TestReducer().handleAction, state: TestAppState())
        let subscriber = MainActorSubscriber()
        store.subscribe(subscriber)
        store.dispatch(SetValueAction(1))
        XCTAssertEqual(subscriber.values, [nil, 1])
    }
}

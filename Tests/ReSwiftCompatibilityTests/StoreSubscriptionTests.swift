// Parity tests: ReSwift's subscription tests (ReSwift/ReSwift, ReSwiftTests/StoreSubscriptionTests.swift), re-expressed.
// ReSwift test cases covered: testDoesNotCaptureStrongly, testRemoveSubscribers, testDuplicateSubscription,
// testDispatchInitialValue, testDispatchStateChanges, testDispatchInitialStateAfterStateChange,
// testAllowDispatchWithinObserver, testDontDispatchToUnsubscribers, testIgnoreIdenticalSubscribers,
// testIgnoreIdenticalSubstateSubscribers, testNewStateModifyingSubscriptionsDoesNotDiscardNewSubscription,
// testRetainCycle_OriginalSubscription, testRetainCycle_TransformedSubscription (ReSwift sees the subscription
// released through a subclass of its box that the store is made to create; here a weak reference to the
// box shows the same).
import XCTest

@testable import ReSwiftCompatibility

final class StoreSubscriptionTests: XCTestCase {
    typealias TestSubscriber = TestStoreSubscriber<TestAppState>

    var store: Store<TestAppState>!
    var reducer: TestReducer!

    override func setUp() {
        super.setUp()
        reducer = TestReducer()
        store = Store(reducer: reducer.handleAction, state: TestAppState())
    }

    /// The store does not keep a subscriber alive.
    func testDoesNotCaptureStrongly() {
        var subscriber: TestSubscriber? = TestSubscriber()
        store.subscribe(subscriber!)
        XCTAssertEqual(store.subscriptions.compactMap(\.subscriber).count, 1)
        XCTAssertNotNil(subscriber)

        subscriber = nil

        XCTAssertEqual(store.subscriptions.compactMap(\.subscriber).count, 0)
    }

    /// Subscribers that went away are dropped before the next state is delivered.
    func testRemoveSubscribers() {
        var subscriber1: TestSubscriber? = TestSubscriber()
        var subscriber2: TestSubscriber? = TestSubscriber()
        store.subscribe(subscriber1!)
        store.subscribe(subscriber2!)

        store.dispatch(SetValueAction(3))
        XCTAssertEqual(store.subscriptions.count, 2)
        XCTAssertEqual(subscriber1?.receivedStates.last?.testValue, 3)
        XCTAssertEqual(subscriber2?.receivedStates.last?.testValue, 3)

        subscriber1 = nil
        store.dispatch(SetValueAction(5))
        XCTAssertEqual(store.subscriptions.count, 1)
        XCTAssertEqual(subscriber2?.receivedStates.last?.testValue, 5)

        subscriber2 = nil
        store.dispatch(SetValueAction(8))
        XCTAssertEqual(store.subscriptions.count, 0)
    }

    /// Subscribing again replaces the subscription, and gives the current state again.
    func testDuplicateSubscription() {
        let subscriber = TestSubscriber()
        store.subscribe(subscriber)
        store.subscribe(subscriber) { $0.skipRepeats { $0.testValue == $1.testValue } }
        XCTAssertEqual(subscriber.receivedStates.count, 2)

        for _ in 1...4 {
            store.dispatch(SetValueAction(3))
        }

        XCTAssertEqual(subscriber.receivedStates.count, 3)
    }

    /// A new subscriber receives the state at once.
    func testDispatchInitialValue() {
        store = Store(reducer: reducer.handleAction, state: TestAppState(testValue: 7))
        let subscriber = TestSubscriber()
        store.subscribe(subscriber)
        XCTAssertEqual(subscriber.receivedStates.map(\.testValue), [7])
    }

    /// A subscriber receives the state at once, then each new one.
    func testDispatchStateChanges() {
        let subscriber = TestSubscriber()
        store.subscribe(subscriber)
        store.dispatch(SetValueAction(9))
        XCTAssertEqual(subscriber.receivedStates.map(\.testValue), [nil, 9])
    }

    /// A subscriber that comes after a change receives the changed state.
    func testDispatchInitialStateAfterStateChange() {
        let subscriber = TestSubscriber()
        store.dispatch(SetValueAction(13))
        store.subscribe(subscriber)
        XCTAssertEqual(subscriber.receivedStates.map(\.testValue), [13])
    }

    /// A subscriber may dispatch from `newState`.
    func testAllowDispatchWithinObserver() {
        let subscriber = DispatchingSubscriber(store: store)
        store.subscribe(subscriber)
        store.dispatch(SetValueAction(2))
        XCTAssertEqual(store.state.testValue, 5)
    }

    /// An unsubscribed subscriber misses the states until it subscribes again.
    func testDontDispatchToUnsubscribers() {
        let subscriber = TestSubscriber()
        store.dispatch(SetValueAction(5))
        store.subscribe(subscriber)
        store.dispatch(SetValueAction(10))
        store.unsubscribe(subscriber)
        store.dispatch(SetValueAction(15))
        store.dispatch(SetValueAction(25))
        store.subscribe(subscriber)
        store.dispatch(SetValueAction(20))

        XCTAssertEqual(subscriber.receivedStates.map(\.testValue), [5, 10, 25, 20])
    }

    /// One subscriber has one subscription, however often it subscribes.
    func testIgnoreIdenticalSubscribers() {
        let subscriber = TestSubscriber()
        store.subscribe(subscriber)
        store.subscribe(subscriber)
        XCTAssertEqual(store.subscriptions.count, 1)
    }

    /// One subscriber has one subscription, also with a transform.
    func testIgnoreIdenticalSubstateSubscribers() {
        let subscriber = TestSubscriber()
        store.subscribe(subscriber) { $0 }
        store.subscribe(subscriber) { $0 }
        XCTAssertEqual(store.subscriptions.count, 1)
    }

    /// A subscription made from `newState` is kept, beside the one that made it.
    func testNewStateModifyingSubscriptionsDoesNotDiscardNewSubscription() {
        let subscriber2 = BlockSubscriber<TestAppState> { [unowned self] _ in store.dispatch(SetValueAction(2)) }
        let subscriber1 = BlockSubscriber<TestAppState> { [unowned self] state in
            if state.testValue == 1 {
                store.subscribe(subscriber2) { $0.skip(when: { _, _ in true }) }
            }
        }
        store.subscribe(subscriber1) { $0.only(when: { _, new in new.testValue == 1 }) }

        store.dispatch(SetValueAction(1))

        XCTAssertTrue(store.subscriptions.contains { $0.subscriber === subscriber1 })
        XCTAssertTrue(store.subscriptions.contains { $0.subscriber === subscriber2 })
    }

    /// After unsubscribing, the subscription is released and the subscriber receives nothing more.
    func testRetainCycle_OriginalSubscription() {
        weak var subscription: SubscriptionBox<TestAppState>?
        do {
            let subscriber = TestSubscriber()
            XCTAssertEqual(store.subscriptions.count, 0)
            store.subscribe(subscriber)
            XCTAssertEqual(subscriber.receivedStates.count, 1)
            subscription = store.subscriptions.first
            store.dispatch(TracerAction())
            XCTAssertEqual(subscriber.receivedStates.count, 2)

            store.unsubscribe(subscriber)

            XCTAssertEqual(store.subscriptions.count, 0)
            store.dispatch(TracerAction())
            XCTAssertEqual(subscriber.receivedStates.count, 2)
        }
        store = nil
        XCTAssertNil(subscription)
    }

    /// After unsubscribing, a transformed subscription is released too.
    func testRetainCycle_TransformedSubscription() {
        weak var subscription: SubscriptionBox<TestAppState>?
        do {
            store = Store(reducer: reducer.handleAction, state: TestAppState(), automaticallySkipsRepeats: false)
            let subscriber = TestStoreSubscriber<Int?>()
            XCTAssertEqual(store.subscriptions.count, 0)
            store.subscribe(subscriber, transform: { $0.select { $0.testValue } })
            XCTAssertEqual(subscriber.receivedStates.count, 1)
            subscription = store.subscriptions.first
            store.dispatch(TracerAction())
            XCTAssertEqual(subscriber.receivedStates.count, 2)

            store.unsubscribe(subscriber)

            XCTAssertEqual(store.subscriptions.count, 0)
            store.dispatch(TracerAction())
            XCTAssertEqual(subscriber.receivedStates.count, 2)
        }
        store = nil
        XCTAssertNil(subscription)
    }
}

private struct TracerAction: Action {}

import Reactive

/// An observable made by a `TestScheduler` from recorded events, which records when it was
/// subscribed to and unsubscribed from. `createHotObservable` and `createColdObservable` make one.
public class TestableObservable<Element>: ObservableType {
    /// Each subscription so far: when it started, and when it was disposed (`Int.max` if it was not).
    public internal(set) var subscriptions: [Subscription] = []
    /// The events this observable sends.
    public internal(set) var recordedEvents: [Recorded<Event<Element>>]
    /// The scheduler that times the events and the subscriptions.
    let testScheduler: TestScheduler

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
    }

    /// Subscribes an observer, recording the time; disposing the result records the unsubscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        fatalError("TestableObservable.subscribe is abstract; use createHotObservable or createColdObservable")
    }

    /// Records a subscription starting now and returns its index in `subscriptions`.
    final func recordSubscription() -> Int {
        subscriptions.append(Subscription(testScheduler.clock))
        return subscriptions.count - 1
    }

    /// Closes the subscription at `index` at the current time.
    final func recordUnsubscription(at index: Int) {
        let existing = subscriptions[index]
        subscriptions[index] = Subscription(existing.subscribe, testScheduler.clock)
    }
}

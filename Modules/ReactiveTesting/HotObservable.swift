import Reactive

/// A test observable that sends its events at their absolute times to whoever is subscribed then.
final class HotObservable<Element>: TestableObservable<Element> {
    private var observers: [(key: Int, observer: AnyObserver<Element>)] = []
    private var nextKey = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)

        for recordedEvent in recordedEvents {
            testScheduler.scheduleAt(recordedEvent.time) { [weak self] in
                guard let self else { return }
                // A snapshot: observers that subscribe or unsubscribe while this event is being
                // delivered do not change who receives it.
                for entry in self.observers {
                    entry.observer.on(recordedEvent.value)
                }
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let key = nextKey
        nextKey += 1
        observers.append((key, AnyObserver(observer)))
        let index = recordSubscription()

        return Disposables.create {
            self.observers.removeAll { $0.key == key }
            self.recordUnsubscription(at: index)
        }
    }
}

import Reactive

/// A test observable that sends its events to each subscriber at their times relative to that
/// subscription.
final class ColdObservable<Element>: TestableObservable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let index = recordSubscription()
        var disposed = false

        for recordedEvent in recordedEvents {
            _ = testScheduler.scheduleRelativeVirtual((), dueTime: recordedEvent.time) { _ in
                if !disposed {
                    observer.on(recordedEvent.value)
                }
                return Disposables.create()
            }
        }

        return Disposables.create {
            disposed = true
            self.recordUnsubscription(at: index)
        }
    }
}

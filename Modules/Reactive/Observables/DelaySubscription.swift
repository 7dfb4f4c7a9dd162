extension ObservableType {
    /// Subscribes to the source only after `dueTime` has passed on `scheduler`.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DelaySubscription(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final private class DelaySubscription<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DelaySubscriptionSink(observer: observer, cancel: cancel)
        let subscription = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            self.source.subscribeNode(sink)
        }
        return (sink, subscription)
    }
}

final private class DelaySubscriptionSink<Element>: Sink<Element, Element> {
    override func next(_ element: Element) {
        forwardNext(element)
    }
}

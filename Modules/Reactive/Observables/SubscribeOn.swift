import Synchronization

extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes that subscription there too.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        // Subscribes to this sequence itself, not to `asObservable()`, as RxSwift does: a sequence
        // that is not an `Observable` (RxTest's `TestableObservable`) then keeps its subscription
        // until the scheduled disposal, instead of the wrapper ending it with its last event.
        SubscribeOn(subscribeSource: { self.subscribe($0) }, scheduler: scheduler)
    }

    /// Subscribes to the source on `scheduler`, and disposes that subscription there too.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

final private class SubscribeOn<Element>: Producer<Element> {
    fileprivate let subscribeSource: (ObserverNode<Element>) -> Disposable
    fileprivate let scheduler: ImmediateSchedulerType

    init(subscribeSource: @escaping (ObserverNode<Element>) -> Disposable, scheduler: ImmediateSchedulerType) {
        self.subscribeSource = subscribeSource
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
        let subscription = sink.run(subscribeSource: subscribeSource, scheduler: scheduler)
        return (sink, subscription)
    }
}

final private class SubscribeOnSink<Element>: Sink<Element, Element> {
    func run(subscribeSource: @escaping (ObserverNode<Element>) -> Disposable, scheduler: ImmediateSchedulerType) -> Disposable {
        // Holds the pending scheduled subscription until it runs, then the subscription itself,
        // so a disposal at any point cancels whichever exists.
        let disposeEverything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()
        disposeEverything.disposable = cancelSchedule
        let disposeSchedule = scheduler.schedule(()) { _ in
            let subscription = subscribeSource(self)
            disposeEverything.disposable = ScheduledDisposable(scheduler: scheduler, disposable: subscription)
            return Disposables.create()
        }
        cancelSchedule.setDisposable(disposeSchedule)
        return disposeEverything
    }

    override func next(_ element: Element) {
        forwardNext(element)
    }
}

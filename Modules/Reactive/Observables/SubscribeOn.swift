import Synchronization

extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes that subscription there too.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: asObservable(), scheduler: scheduler)
    }

    /// Subscribes to the source on `scheduler`, and disposes that subscription there too.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

final private class SubscribeOn<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, scheduler: scheduler)
        return (sink, subscription)
    }
}

final private class SubscribeOnSink<Element>: Sink<Element, Element> {
    func run(source: Observable<Element>, scheduler: ImmediateSchedulerType) -> Disposable {
        // Holds the pending scheduled subscription until it runs, then the subscription itself,
        // so a disposal at any point cancels whichever exists.
        let disposeEverything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()
        disposeEverything.disposable = cancelSchedule
        let disposeSchedule = scheduler.schedule(()) { _ in
            let subscription = source.subscribeNode(self)
            disposeEverything.disposable = ScheduledDisposal(scheduler: scheduler, disposable: subscription)
            return Disposables.create()
        }
        cancelSchedule.setDisposable(disposeSchedule)
        return disposeEverything
    }

    override func next(_ element: Element) {
        forwardNext(element)
    }
}

/// Disposes a subscription on a scheduler (RxSwift's `ScheduledDisposable`).
final private class ScheduledDisposal: Cancelable {
    private let scheduler: ImmediateSchedulerType
    private let disposed = Atomic<Bool>(false)
    // Set at creation, then read only by the one action that `dispose` schedules (the `disposed`
    // exchange lets a single caller schedule it; the scheduler hands it over).
    private var disposable: Disposable?

    init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
        _ = scheduler.schedule(self) { scheduled in
            scheduled.disposable?.dispose()
            scheduled.disposable = nil
            return Disposables.create()
        }
    }
}

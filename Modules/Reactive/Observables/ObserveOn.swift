import Synchronization

extension ObservableType {
    /// Delivers every event on `scheduler`, in the order the source sent them.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        // A serial dispatch queue already runs actions one at a time, in order: each event can be
        // scheduled on its own, as RxSwift does (`MainScheduler` is one of these in RxSwift).
        if scheduler is SerialDispatchQueueScheduler || scheduler is MainScheduler {
            return ObserveOnSerialDispatchQueue(source: asObservable(), scheduler: scheduler)
        }
        return ObserveOn(source: asObservable(), scheduler: scheduler)
    }

    /// Delivers every event on `scheduler`, in the order the source sent them.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}

final private class ObserveOn<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

/// Queues the events and drains them with one scheduled action at a time, so that a concurrent
/// scheduler still delivers them one after another and in order.
final private class ObserveOnSink<Element>: Sink<Element, Element> {
    private let scheduler: ImmediateSchedulerType
    private let scheduleDisposable = SerialDisposable()

    private let lock = Lock()
    // Guarded by `lock`: the source's thread appends while the scheduler's thread drains.
    private var queue: [Event<Element>] = []
    private var head = 0
    private var running = false
    private var stopped = false

    init(scheduler: ImmediateSchedulerType, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) { enqueue(.next(element)) }
    override func error(_ error: Swift.Error) { enqueue(.error(error)) }
    override func completed() { enqueue(.completed) }

    private func enqueue(_ event: Event<Element>) {
        lock.lock()
        if stopped {
            lock.unlock()
            return
        }
        if event.isStopEvent { stopped = true }
        queue.append(event)
        let shouldStart = !running
        running = true
        lock.unlock()

        if shouldStart {
            scheduleDisposable.disposable = scheduler.scheduleRecursive(()) { _, recurse in
                self.drainOne(recurse)
            }
        }
    }

    /// Delivers one event, then schedules itself again while events remain.
    private func drainOne(_ recurse: (()) -> Void) {
        lock.lock()
        guard head < queue.count else {
            running = false
            lock.unlock()
            return
        }
        let event = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        lock.unlock()

        // Once disposed nothing more is delivered; `running` stays set so nothing is scheduled again.
        if cancel.isDisposed { return }
        switch event {
        case .next(let element):
            observer.next(element)
        case .error(let error):
            observer.error(error)
            dispose()
        case .completed:
            observer.completed()
            dispose()
        }

        lock.lock()
        let hasMore = head < queue.count
        if !hasMore { running = false }
        lock.unlock()
        if hasMore { recurse(()) }
    }

    override func dispose() {
        super.dispose()
        scheduleDisposable.dispose()
    }
}

final private class ObserveOnSerialDispatchQueue<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

/// Schedules each event on its own: the serial queue keeps them in order.
final private class ObserveOnSerialDispatchQueueSink<Element>: Sink<Element, Element> {
    private let scheduler: ImmediateSchedulerType
    private let stopped = Atomic<Bool>(false)

    init(scheduler: ImmediateSchedulerType, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        if stopped.load(ordering: .acquiring) { return }
        _ = scheduler.schedule(element) { element in
            if !self.cancel.isDisposed { self.observer.next(element) }
            return Disposables.create()
        }
    }

    override func error(_ error: Swift.Error) {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        _ = scheduler.schedule(error) { error in
            if !self.cancel.isDisposed {
                self.observer.error(error)
                self.dispose()
            }
            return Disposables.create()
        }
    }

    override func completed() {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        _ = scheduler.schedule(()) { _ in
            if !self.cancel.isDisposed {
                self.observer.completed()
                self.dispose()
            }
            return Disposables.create()
        }
    }

    override func dispose() {
        stopped.store(true, ordering: .releasing)
        super.dispose()
    }
}

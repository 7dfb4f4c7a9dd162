import Synchronization

extension ObservableType {
    /// Every value after the first `count`.
    public func skip(_ count: Int) -> Observable<Element> {
        SkipCount(source: asObservable(), count: count)
    }

    /// Every value sent later than `duration` after subscribing.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        SkipTime(source: asObservable(), duration: duration, scheduler: scheduler)
    }

    /// Every value from the first one that fails `predicate` on.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SkipWhile(source: asObservable(), predicate: predicate)
    }

    /// Every value after `other` sends its first value; an error from `other` ends the sequence.
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntil(source: asObservable(), other: other.asObservable())
    }

    /// Every value from the first one that fails `predicate` on.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }

    /// Every value after `other` sends its first value.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}

// MARK: skip(_ count:)

final private class SkipCountSink<Element>: Sink<Element, Element> {
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var remaining: Int

    init(count: Int, observer: ObserverNode<Element>, cancel: Cancelable) {
        remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        if remaining <= 0 {
            forwardNext(element)
        } else {
            remaining -= 1
        }
    }
}

final private class SkipCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        if count < 0 { rxFatalError("count can't be negative") }
        self.source = source
        self.count = count
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SkipCountSink(count: count, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

// MARK: skip(_ duration:scheduler:)

final private class SkipTimeSink<Element>: Sink<Element, Element> {
    // Set by the timer, possibly on another thread than the source's events.
    private let open = Atomic<Bool>(false)

    func run(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
            self.open.store(true, ordering: .releasing)
            return Disposables.create()
        }
        let subscription = source.subscribeNode(self)
        return Disposables.create(timer, subscription)
    }

    override func next(_ element: Element) {
        if open.load(ordering: .acquiring) { forwardNext(element) }
    }
}

final private class SkipTime<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let duration: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SkipTimeSink<Element>(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, duration: duration, scheduler: scheduler)
        return (sink, subscription)
    }
}

// MARK: skip(while:)

final private class SkipWhileSink<Element>: Sink<Element, Element> {
    typealias Predicate = (Element) throws -> Bool

    private let predicate: Predicate
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var running = false

    init(predicate: @escaping Predicate, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        if !running {
            do {
                running = try !predicate(element)
            } catch {
                forwardError(error)
                dispose()
                return
            }
        }
        if running { forwardNext(element) }
    }
}

final private class SkipWhile<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate

    init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SkipWhileSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

// MARK: skip(until:)

final private class SkipUntilSink<Element, Other>: SerializingSink<Element, Element> {
    // Serialised with the other sequence's events, which may come from another thread.
    fileprivate var forwardElements = false  // guarded by `lock`

    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        sourceSubscription.setDisposable(source.subscribeNode(self))
        let otherObserver = SkipUntilOtherObserver(parent: self)
        otherObserver.subscription.setDisposable(other.subscribeNode(otherObserver))
        return Disposables.create(sourceSubscription, otherObserver.subscription)
    }

    override func next(_ element: Element) {
        lock.lock()
        if forwardElements {
            unlockAndSendNext(element)
        } else {
            unlockAndDeliver()
        }
    }

    override func error(_ error: Swift.Error) {
        serializedError(error)
    }

    override func completed() {
        // As RxSwift: a source that ends before `other` fires ends the subscription without completing.
        lock.lock()
        if forwardElements {
            sendCompletedLocked()
        } else {
            disposeSinkLocked()
        }
        unlockAndDeliver()
    }
}

final private class SkipUntilOtherObserver<Element, Other>: ObserverNode<Other> {
    private let parent: SkipUntilSink<Element, Other>
    let subscription = SingleAssignmentDisposable()

    init(parent: SkipUntilSink<Element, Other>) {
        self.parent = parent
    }

    override func next(_ element: Other) {
        parent.lock.performLocked { parent.forwardElements = true }
        subscription.dispose()
    }

    override func error(_ error: Swift.Error) {
        parent.serializedError(error)
    }

    override func completed() {
        subscription.dispose()
    }
}

final private class SkipUntil<Element, Other>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SkipUntilSink<Element, Other>(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, other: other)
        return (sink, subscription)
    }
}

/// Whether `take(while:)`/`take(until:)` also sends the value that ends the sequence.
public enum TakeBehavior: Sendable {
    /// Send the value that ends the sequence, then complete.
    case inclusive
    /// Complete without sending the value that ends the sequence.
    case exclusive
}

extension ObservableType {
    /// The first `count` values, then completion; `take(0)` completes without subscribing to the source.
    public func take(_ count: Int) -> Observable<Element> {
        if count == 0 { return Observable.empty() }
        return TakeCount(source: asObservable(), count: count)
    }

    /// The values sent within `duration` of subscribing, then completion.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TakeTime(source: asObservable(), duration: duration, scheduler: scheduler)
    }

    /// The values while `predicate` holds; completes at the first value that fails it, sending that
    /// value too when `behavior` is `.inclusive`.
    public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
        -> Observable<Element>
    {
        TakeWhile(source: asObservable(), behavior: behavior, predicate: predicate)
    }

    /// The values until `predicate` holds; completes at the first value that passes it, sending that
    /// value too when `behavior` is `.inclusive`.
    public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
        -> Observable<Element>
    {
        TakeWhile(source: asObservable(), behavior: behavior) { try !predicate($0) }
    }

    /// The values until `other` sends a value (then completion) or an error (then that error).
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntil(source: asObservable(), other: other.asObservable())
    }

    /// The values until `other` sends a value.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }

    /// The values while `predicate` holds.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(while: predicate)
    }

    /// The values until `predicate` holds.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(_ behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(until: predicate, behavior: behavior)
    }

    /// The values sent within `duration` of subscribing.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}

// MARK: take(_ count:)

final private class TakeCountSink<Element>: Sink<Element, Element> {
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var remaining: Int

    init(count: Int, observer: ObserverNode<Element>, cancel: Cancelable) {
        remaining = count
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        guard remaining > 0 else { return }
        // Counted down before forwarding, so a value the observer sends back into the source is
        // counted against what is left.
        remaining -= 1
        forwardNext(element)
        if remaining == 0 {
            forwardCompleted()
            dispose()
        }
    }
}

final private class TakeCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        if count < 0 { rxFatalError("count can't be negative") }
        self.source = source
        self.count = count
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TakeCountSink(count: count, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

// MARK: take(for:scheduler:)

final private class TakeTimeSink<Element>: SerializingSink<Element, Element> {
    // Serialised: the timer's completion may come from another thread than the source's events.

    func run(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
            self.tick()
            return Disposables.create()
        }
        let subscription = source.subscribeNode(self)
        return Disposables.create(timer, subscription)
    }

    private func tick() {
        serializedCompleted()
    }

    override func next(_ element: Element) {
        serializedNext(element)
    }

    override func error(_ error: Swift.Error) {
        serializedError(error)
    }

    override func completed() {
        serializedCompleted()
    }
}

final private class TakeTime<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let duration: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TakeTimeSink<Element>(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, duration: duration, scheduler: scheduler)
        return (sink, subscription)
    }
}

// MARK: take(while:) and take(until predicate:)

final private class TakeWhileSink<Element>: Sink<Element, Element> {
    typealias Predicate = (Element) throws -> Bool

    private let predicate: Predicate
    private let behavior: TakeBehavior
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var running = true

    init(predicate: @escaping Predicate, behavior: TakeBehavior, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.predicate = predicate
        self.behavior = behavior
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        guard running else { return }
        do {
            running = try predicate(element)
        } catch {
            forwardError(error)
            dispose()
            return
        }
        if running {
            forwardNext(element)
        } else {
            if behavior == .inclusive { forwardNext(element) }
            forwardCompleted()
            dispose()
        }
    }
}

final private class TakeWhile<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let behavior: TakeBehavior
    private let predicate: Predicate

    init(source: Observable<Element>, behavior: TakeBehavior, predicate: @escaping Predicate) {
        self.source = source
        self.behavior = behavior
        self.predicate = predicate
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TakeWhileSink(predicate: predicate, behavior: behavior, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

// MARK: take(until other:)

final private class TakeUntilSink<Element, Other>: SerializingSink<Element, Element> {
    // Serialised: the source's events and the other sequence's may come from two threads.

    func run(source: Observable<Element>, other: Observable<Other>) -> Disposable {
        // As RxSwift: the other sequence first, so one that fires at once stops the source before it starts.
        let otherObserver = TakeUntilOtherObserver(parent: self)
        otherObserver.subscription.setDisposable(other.subscribeNode(otherObserver))
        let sourceSubscription = source.subscribeNode(self)
        return Disposables.create(sourceSubscription, otherObserver.subscription)
    }

    override func next(_ element: Element) {
        serializedNext(element)
    }

    override func error(_ error: Swift.Error) {
        serializedError(error)
    }

    override func completed() {
        serializedCompleted()
    }
}

final private class TakeUntilOtherObserver<Element, Other>: ObserverNode<Other> {
    private let parent: TakeUntilSink<Element, Other>
    let subscription = SingleAssignmentDisposable()

    init(parent: TakeUntilSink<Element, Other>) {
        self.parent = parent
    }

    override func next(_ element: Other) {
        parent.serializedCompleted()
    }

    override func error(_ error: Swift.Error) {
        parent.serializedError(error)
    }

    override func completed() {
        // The other sequence ended without firing: the source runs on to its own end.
        subscription.dispose()
    }
}

final private class TakeUntil<Element, Other>: Producer<Element> {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TakeUntilSink<Element, Other>(observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, other: other)
        return (sink, subscription)
    }
}

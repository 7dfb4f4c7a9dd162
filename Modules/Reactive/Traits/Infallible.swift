/// A type that can present itself as an `Infallible`: a sequence that never fails.
public protocol InfallibleType: ObservableConvertibleType {}

/// A sequence that never fails: values and, perhaps, completion.
///
/// Made from any sequence by saying what replaces an error (`asInfallible(onErrorJustReturn:)`, ...),
/// so no subscriber needs an error handler.
public struct Infallible<Element>: InfallibleType {
    private let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as a plain `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

/// An event of an `Infallible`: a value or completion.
@frozen
public enum InfallibleEvent<Element> {
    /// A value.
    case next(Element)
    /// The sequence finished; nothing follows.
    case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension InfallibleEvent: EventConvertible {
    /// The event as an observable's: a value or completion.
    public var event: Event<Element> {
        switch self {
        case .next(let element): .next(element)
        case .completed: .completed
        }
    }
}

extension Infallible {
    /// What `create` hands its closure: sends one event to the subscriber.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void
}

extension ObservableConvertibleType {
    /// An infallible that replaces an error with `element`, then completes.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// An infallible that continues with `infallible` after an error.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// An infallible that continues with the infallible `onErrorRecover` returns for an error.
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { error in onErrorRecover(error).asObservable() })
    }
}

extension InfallibleType {
    /// An infallible whose subscription runs `subscribe` with an observer; the returned disposable ends it.
    public static func create(
        subscribe: @escaping (@escaping Infallible<Element>.InfallibleObserver) -> Disposable
    ) -> Infallible<Element> {
        Infallible(
            Observable<Element>.create { observer in
                subscribe { event in observer.on(event.event) }
            })
    }

    /// Subscribes a closure to every event (never an error).
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribe(on)
    }

    /// Subscribes closures to values, completion and disposal.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` (held weakly) with each event; nothing is called
    /// once `object` is gone.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }
}

extension InfallibleType {
    /// An infallible of one value, then completion.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(Observable.just(element))
    }

    /// An infallible of one value, then completion, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.just(element, scheduler: scheduler))
    }

    /// An infallible that completes at once.
    public static func empty() -> Infallible<Element> {
        Infallible(Observable.empty())
    }

    /// An infallible that never sends anything.
    public static func never() -> Infallible<Element> {
        Infallible(Observable.never())
    }

    /// The given values, in order, then completion.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Infallible<Element>
    {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// The elements of an array, in order, then completion.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Infallible<Element>
    {
        Infallible(Observable.from(array, scheduler: scheduler))
    }

    /// An infallible that calls `factory` on each subscription and runs the infallible it returns.
    public static func deferred(_ factory: @escaping () -> Infallible<Element>) -> Infallible<Element> {
        Infallible(Observable.deferred { factory().asObservable() })
    }
}

extension InfallibleType {
    /// Transforms each value.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible<Result>(asObservable().map(transform))
    }

    /// Passes on only the values `predicate` accepts.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Emits each intermediate result of folding the values, starting from `seed`.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible<Seed>(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Emits each intermediate result of accumulating the values into `seed` in place.
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<Seed> {
        Infallible<Seed>(asObservable().scan(into: seed, accumulator: accumulator))
    }
}

extension InfallibleType {
    /// Sends every event to each observer.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends every event, as an optional, to each observer.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Passes the sequence to `binder` and returns what it returns.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Calls `onNext` for each value.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext)
    }

    /// Accepts every value into each relay.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every value, as an optional, into each relay.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every value into each relay.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every value, as an optional, into each relay.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every value into each relay.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every value, as an optional, into each relay.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }
}

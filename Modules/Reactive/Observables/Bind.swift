extension ObservableType {
    /// Sends every event to each observer; an error is a programming error (debug builds stop).
    // Inlinable, as are the other forms that pass events on: each value's event is then built in
    // the caller's code, compiled for its element type, not looked up in the runtime (`subscribe(_:)`).
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends every event, as an optional, to each observer.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Passes the sequence to `binder` and returns what it returns.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Passes the sequence and `curriedArgument` to a curried binder, so that
    /// `items.bind(to: list.rx.items) { index, item in ... }` reads as it does with a table view.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Calls `onNext` for each value; an error is a programming error (debug builds stop).
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext, onError: { error in rxFatalErrorInDebug("Binding error: \(error)") })
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

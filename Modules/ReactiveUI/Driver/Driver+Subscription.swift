import Reactive

// `drive` is `@MainActor`: it is called from view code, and its closures run on the main actor,
// so a view controller's `drive(onNext: { self.label.text = $0 })` needs no annotation in Swift 6,
// and a main-actor closure cannot be handed to it from code that is not on the main actor.

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends the driver's elements and completion to `observers`.
    // Inlinable, so that each value's event is built in code compiled for its element type
    // (`Observable.subscribe(_:)`).
    @MainActor @inlinable
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element {
        asSharedSequence().asObservable().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends the driver's elements, as optionals, and completion to `observers`.
    @MainActor @inlinable
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element? {
        asSharedSequence().asObservable().map { $0 as Element? }.subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sets each of `relays` to every element of the driver.
    @MainActor
    public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        drive(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sets each of `relays` to every element of the driver.
    @MainActor
    public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
        drive(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the driver to each of `relays`.
    @MainActor
    public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
        drive(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the driver to each of `relays`.
    @MainActor
    public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
        drive(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Hands the driver, as an observable, to `transformation` (a binder made as a function).
    @MainActor
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        transformation(asSharedSequence().asObservable())
    }

    /// Hands the driver, as an observable, to a curried binder with its second argument.
    @MainActor
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        with(asSharedSequence().asObservable())(curriedArgument)
    }

    /// Calls the closures, on the main actor, for each element, for completion and when the
    /// subscription is disposed, with `object` while it lives (it is held weakly: once it is gone
    /// the subscription ends).
    @MainActor
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: (@MainActor (Object, Element) -> Void)? = nil,
        onCompleted: (@MainActor (Object) -> Void)? = nil,
        onDisposed: (@MainActor (Object) -> Void)? = nil
    ) -> Disposable {
        asSharedSequence().asObservable().subscribeOnMainActor(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the closures, on the main actor, for each element, for completion and when the
    /// subscription is disposed.
    @MainActor
    public func drive(
        onNext: (@MainActor (Element) -> Void)? = nil,
        onCompleted: (@MainActor () -> Void)? = nil,
        onDisposed: (@MainActor () -> Void)? = nil
    ) -> Disposable {
        asSharedSequence().asObservable().subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handling anything (keeps the shared source running).
    @MainActor
    public func drive() -> Disposable {
        drive(onNext: nil)
    }
}

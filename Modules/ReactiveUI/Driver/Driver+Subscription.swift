import Reactive

// `drive` is RxCocoa's: not isolated, its closures called on the main thread. A closure takes the
// isolation of the code that makes it, so a view controller's `drive(onNext: { self.label.text = $0 })`
// is the main actor's and needs no annotation in Swift 6, and code that is not on the main actor (a
// test, a view model) calls `drive` with closures of its own. As RxCocoa, every `drive` checks at run
// time that it is called on the main thread, where the driver's latest element is replayed at once.

/// RxCocoa's words for a `drive` called off the main thread.
@usableFromInline
let driveOffTheMainThread = """
    `drive*` family of methods can be only called from `MainThread`.
    This is required to ensure that the last replayed `Driver` element is delivered on `MainThread`.
    """

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends the driver's elements and completion to `observers`.
    // Inlinable, so that each value's event is built in code compiled for its element type
    // (`Observable.subscribe(_:)`).
    @inlinable
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffTheMainThread)
        return asSharedSequence().asObservable().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends the driver's elements, as optionals, and completion to `observers`.
    @inlinable
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element? {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffTheMainThread)
        return asSharedSequence().asObservable().map { $0 as Element? }.subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sets each of `relays` to every element of the driver.
    public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        drive(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sets each of `relays` to every element of the driver.
    public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
        drive(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the driver to each of `relays`.
    public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
        drive(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the driver to each of `relays`.
    public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
        drive(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Hands the driver, as an observable, to `transformation` (a binder made as a function).
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffTheMainThread)
        return transformation(asSharedSequence().asObservable())
    }

    /// Hands the driver, as an observable, to a curried binder with its second argument.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffTheMainThread)
        return with(asSharedSequence().asObservable())(curriedArgument)
    }

    /// Calls the closures, on the main thread, for each element, for completion and when the
    /// subscription is disposed, with `object` while it lives (it is held weakly: once it is gone
    /// the subscription ends).
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffTheMainThread)
        return asSharedSequence().asObservable().subscribeOnMainThread(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the closures, on the main thread, for each element, for completion and when the
    /// subscription is disposed.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffTheMainThread)
        return asSharedSequence().asObservable().subscribeOnMainThread(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handling anything (keeps the shared source running).
    public func drive() -> Disposable {
        drive(onNext: nil)
    }
}

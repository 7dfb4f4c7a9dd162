import Reactive

// `emit` is `@MainActor` for the same reason as `drive` (Driver+Subscription.swift).

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends the signal's elements and completion to `observers`.
    // Inlinable, so that each value's event is built in code compiled for its element type
    // (`Observable.subscribe(_:)`).
    @MainActor @inlinable
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        asSharedSequence().asObservable().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends the signal's elements, as optionals, and completion to `observers`.
    @MainActor @inlinable
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        asSharedSequence().asObservable().map { $0 as Element? }.subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sets each of `relays` to every element of the signal.
    @MainActor
    public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sets each of `relays` to every element of the signal.
    @MainActor
    public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the signal to each of `relays`.
    @MainActor
    public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the signal to each of `relays`.
    @MainActor
    public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the signal to each of `relays`.
    @MainActor
    public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the signal to each of `relays`.
    @MainActor
    public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Calls the closures, on the main actor, for each element, for completion and when the
    /// subscription is disposed, with `object` while it lives (held weakly).
    @MainActor
    public func emit<Object: AnyObject>(
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
    public func emit(
        onNext: (@MainActor (Element) -> Void)? = nil,
        onCompleted: (@MainActor () -> Void)? = nil,
        onDisposed: (@MainActor () -> Void)? = nil
    ) -> Disposable {
        asSharedSequence().asObservable().subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handling anything.
    @MainActor
    public func emit() -> Disposable {
        emit(onNext: nil)
    }
}

import Reactive

// `emit` is RxCocoa's, as `drive` is (Driver+Subscription.swift), its closures called on the main
// thread; as RxCocoa's, it does not check the thread it is called on: a signal replays nothing.

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends the signal's elements and completion to `observers`.
    // Inlinable, so that each value's event is built in code compiled for its element type
    // (`Observable.subscribe(_:)`).
    @inlinable
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        asSharedSequence().asObservable().subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends the signal's elements, as optionals, and completion to `observers`.
    @inlinable
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        asSharedSequence().asObservable().map { $0 as Element? }.subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sets each of `relays` to every element of the signal.
    public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sets each of `relays` to every element of the signal.
    public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the signal to each of `relays`.
    public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the signal to each of `relays`.
    public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the signal to each of `relays`.
    public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Sends every element of the signal to each of `relays`.
    public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        emit(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// Calls the closures, on the main thread, for each element, for completion and when the
    /// subscription is disposed, with `object` while it lives (held weakly).
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asSharedSequence().asObservable().subscribeOnMainThread(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Calls the closures, on the main thread, for each element, for completion and when the
    /// subscription is disposed.
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asSharedSequence().asObservable().subscribeOnMainThread(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handling anything.
    public func emit() -> Disposable {
        emit(onNext: nil)
    }
}

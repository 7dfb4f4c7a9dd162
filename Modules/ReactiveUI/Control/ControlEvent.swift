import Reactive

/// A type that can present itself as a `ControlEvent`.
public protocol ControlEventType: ObservableType {
    /// This sequence as a `ControlEvent`.
    func asControlEvent() -> ControlEvent<Element>
}

/// Events of a control, such as a button's taps (RxCocoa's `ControlEvent`): it never fails, never
/// replays, subscribes on the main thread at once when subscribed there
/// (`ConcurrentMainScheduler`), and sends on the main thread.
public struct ControlEvent<PropertyType>: ControlEventType {
    /// The type of the events.
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// A control event over `events`, which must never fail and must send on the main thread.
    public init<Events: ObservableType>(events: Events) where Events.Element == Element {
        self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
    }

    /// Subscribes an observer to the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as a plain `Observable`.
    public func asObservable() -> Observable<Element> { events }

    /// This control event.
    public func asControlEvent() -> ControlEvent<Element> { self }
}

extension ControlEvent {
    /// The events as a driver. A control event never fails; if one did, debug builds stop and
    /// release builds complete the driver.
    public func asDriver() -> Driver<Element> {
        asDriver { error in controlFailed(error) }
    }

    /// The events as an infallible. A control event never fails; if one did, debug builds stop and
    /// release builds complete it.
    public func asInfallible() -> Infallible<Element> {
        asInfallible { error in controlFailed(error, empty: Infallible.empty) }
    }

    /// The events as a signal. A control event never fails; if one did, debug builds stop and
    /// release builds complete the signal.
    public func asSignal() -> Signal<Element> {
        asSignal { error in controlFailed(error) }
    }
}

/// What replaces the error of a control's sequence, which cannot fail: a stop in debug builds, an
/// empty sequence in release builds (as RxCocoa does).
func controlFailed<Element, Strategy>(_ error: any Error) -> SharedSequence<Strategy, Element> {
    controlFailed(error) { SharedSequence(raw: Observable.empty()) }
}

/// `controlFailed(_:)` for any sequence: a stop in debug builds, `empty()` in release builds.
func controlFailed<Replacement>(_ error: any Error, empty: () -> Replacement) -> Replacement {
    #if DEBUG
        fatalError("A control's events or values failed, which they never should: \(error)")
    #else
        return empty()
    #endif
}

/// A `BehaviorSubject` that never stops: it holds a current value and only accepts values.
public final class BehaviorRelay<Element>: ObservableType {
    @usableFromInline let subject: BehaviorSubject<Element>

    /// A relay holding `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        // A relay is never disposed and never stops, so `value()` cannot throw here.
        do { return try subject.value() } catch { rxFatalError("BehaviorRelay's subject failed: \(error)") }
    }

    /// Sets the current value and sends it to the observers.
    // Inlinable, so that the subject's `onNext`, inlined into it, is compiled for the caller's
    // element type too.
    @inlinable public func accept(_ event: Element) { subject.onNext(event) }

    /// Subscribes an observer: it receives the current value, then later ones.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable.
    public func asObservable() -> Observable<Element> { subject.asObservable() }

    /// The relay as an `Infallible`: a relay never errors.
    public func asInfallible() -> Infallible<Element> { Infallible(subject.asObservable()) }
}

extension BehaviorRelay: Sendable where Element: Sendable {}

/// A `PublishSubject` that never stops: it only accepts values.
public final class PublishRelay<Element>: ObservableType {
    private let subject = PublishSubject<Element>()

    /// A new relay.
    public init() {}

    /// Sends a value to the current observers.
    public func accept(_ event: Element) { subject.onNext(event) }

    /// Subscribes an observer.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable.
    public func asObservable() -> Observable<Element> { subject.asObservable() }

    /// The relay as an `Infallible`: a relay never errors.
    public func asInfallible() -> Infallible<Element> { Infallible(subject.asObservable()) }
}

extension PublishRelay: Sendable where Element: Sendable {}

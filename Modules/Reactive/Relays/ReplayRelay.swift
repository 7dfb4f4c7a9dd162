/// A `ReplaySubject` that never stops: it replays buffered values and only accepts values.
public final class ReplayRelay<Element>: ObservableType {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// A relay that replays the last `bufferSize` values.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: .create(bufferSize: bufferSize))
    }

    /// A relay that replays every value.
    public static func createUnbounded() -> ReplayRelay<Element> {
        ReplayRelay(subject: .createUnbounded())
    }

    /// Sends a value to the observers and buffers it.
    public func accept(_ event: Element) { subject.onNext(event) }

    /// Subscribes an observer: it receives the buffered values, then later ones.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable.
    public func asObservable() -> Observable<Element> { subject.asObservable() }

    /// The relay as an `Infallible`: a relay never errors.
    public func asInfallible() -> Infallible<Element> { Infallible(subject.asObservable()) }
}

extension ReplayRelay: Sendable where Element: Sendable {}

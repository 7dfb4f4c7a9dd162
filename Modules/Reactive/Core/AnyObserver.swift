/// A type-erased observer, made from another observer or from a closure.
public struct AnyObserver<Element>: ObserverType {
    /// The closure that receives each event.
    public typealias EventHandler = (Event<Element>) -> Void

    private let observer: EventHandler

    /// An observer that passes every event to `eventHandler`.
    public init(eventHandler: @escaping EventHandler) {
        observer = eventHandler
    }

    /// An observer that forwards every event to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
    }

    /// Passes the event on.
    public func on(_ event: Event<Element>) { observer(event) }

    /// This observer.
    public func asObserver() -> AnyObserver<Element> { self }
}

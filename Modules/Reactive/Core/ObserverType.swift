/// Receives the events of a sequence.
public protocol ObserverType {
    /// The type of the values observed.
    associatedtype Element
    /// Receives one event. Events to one observer never overlap (the Rx grammar).
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends a `next` event.
    @inlinable public func onNext(_ element: Element) { on(.next(element)) }

    /// Sends the `completed` event.
    @inlinable public func onCompleted() { on(.completed) }

    /// Sends an `error` event.
    @inlinable public func onError(_ error: Swift.Error) { on(.error(error)) }

    /// Erases the observer's type.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

    /// An observer of `Result` values that transforms them and passes them to this observer.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in self.on(event.map(transform)) }
    }
}

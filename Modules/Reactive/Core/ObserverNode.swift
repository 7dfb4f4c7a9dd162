/// The observer every built-in operator and subject talks to internally.
///
/// Values travel as `next(_:)` calls rather than as `Event` values: in code that is not specialised
/// for a concrete element type, building an `Event<Element>` asks the runtime for its generic
/// metadata on every value, which costs more than the rest of an operator's work. A class with three
/// methods needs nothing per value but a virtual call. `on(_:)` remains for the public observer API.
@usableFromInline
class ObserverNode<Element>: AnyObserverNode, ObserverType {
    // Every sink and every subscribed observer is a node: counting nodes counts live subscriptions.
    override init() { Resources.nodeCreated() }
    deinit { Resources.nodeReleased() }

    /// Receives a value.
    @usableFromInline func next(_ element: Element) { rxAbstractMethod() }
    /// Receives the error that ends the sequence.
    @usableFromInline func error(_ error: Swift.Error) { rxAbstractMethod() }
    /// Receives the completion of the sequence.
    @usableFromInline func completed() { rxAbstractMethod() }

    /// Receives one event, as the three methods above. Inlinable, so that a caller compiled for the
    /// element type takes the event apart itself (`AnyObserver`).
    @inlinable
    final func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): next(element)
        case .error(let error): self.error(error)
        case .completed: completed()
        }
    }
}

/// A node without its element type: what a subject's `ObserverBag` holds, so that the bag's code
/// is not generic.
@usableFromInline
class AnyObserverNode {
    init() {}
}

/// Adapts any `ObserverType` to the internal node interface.
@usableFromInline
final class ObserverAdapter<Observer: ObserverType>: ObserverNode<Observer.Element> {
    private let observer: Observer
    /// The observer given a value's event; made in code compiled for the element type when the
    /// caller's is (`asNode()`), where building the event needs no runtime lookup.
    private let nextHandler: (Element) -> Void

    @usableFromInline
    init(_ observer: Observer, next: @escaping (Element) -> Void) {
        self.observer = observer
        nextHandler = next
    }

    override func next(_ element: Element) { nextHandler(element) }
    override func error(_ error: Swift.Error) { observer.on(.error(error)) }
    override func completed() { observer.on(.completed) }
}

extension ObserverType {
    /// This observer as an internal node, wrapping it only when it is not one already.
    // Inlinable so that an observer of another kind (`AnyObserver`, `Binder`, the caller's own) is
    // wrapped in the caller's code, compiled for its element type: each value's event is then built
    // there; built in the library's generic code, it cost a runtime metadata lookup per value.
    @inlinable
    func asNode() -> ObserverNode<Element> {
        if let node = self as? ObserverNode<Element> { return node }
        return ObserverAdapter(self, next: { self.on(.next($0)) })
    }
}

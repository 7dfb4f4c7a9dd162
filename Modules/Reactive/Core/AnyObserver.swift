/// A type-erased observer, made from another observer or from a closure.
public struct AnyObserver<Element>: ObserverType {
    /// The closure that receives each event.
    public typealias EventHandler = (Event<Element>) -> Void

    @usableFromInline let eventHandler: EventHandler?
    /// The observer itself when it is one of the library's nodes (a `create` subscription's sink is):
    /// `on` then calls it from the caller's code, compiled for `Element`. Through a closure the event
    /// reached the library's generic code, where taking it apart cost a runtime metadata lookup, as
    /// much as the rest of a value's path.
    @usableFromInline let node: ObserverNode<Element>?

    /// An observer that passes every event to `eventHandler`.
    public init(eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
        node = nil
    }

    /// An observer that forwards every event to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        if let node = observer as? ObserverNode<Element> {
            self.init(node: node)
        } else {
            self.init(eventHandler: observer.on)
        }
    }

    /// An observer that forwards every event to `node`.
    @inlinable
    init(node: ObserverNode<Element>) {
        self.node = node
        eventHandler = nil
    }

    /// Passes the event on.
    @inlinable
    public func on(_ event: Event<Element>) {
        if let node {
            node.on(event)
        } else {
            eventHandler?(event)
        }
    }

    /// Sends a value: to the node without building an event, when there is one (in code generic
    /// over `Element`, such as a library's, building one costs a runtime metadata lookup).
    @inlinable
    public func onNext(_ element: Element) {
        if let node {
            node.next(element)
        } else {
            handleNext(element)
        }
    }

    /// `onNext` through the event closure. Apart, so that the event's metadata is not looked up on
    /// the node's path (the optimiser would fetch it on entry).
    @usableFromInline @inline(never)
    func handleNext(_ element: Element) {
        eventHandler?(.next(element))
    }

    /// This observer.
    public func asObserver() -> AnyObserver<Element> { self }
}

/// A sequence of values over time: the type every operator takes and returns.
///
/// An `Observable` is a description; nothing happens until `subscribe`. Each subscription runs the
/// description again (a cold sequence) unless the sequence is shared (`share`, `publish`, subjects).
public class Observable<Element>: ObservableType {
    init() {}

    /// Subscribes an observer; disposing the result ends the subscription.
    // Inlinable, as `asNode()` is: an observer that is not a library node is wrapped in the caller's code.
    @inlinable
    public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribeNode(observer.asNode())
    }

    /// Subscribes an internal observer node; what every subclass implements.
    @usableFromInline
    func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        rxAbstractMethod()
    }

    /// For a sequence that is one value known at subscription and then completion (`just`): passes
    /// the value to `body` and returns true, so an operator can skip the subscription (RxJava's
    /// scalar fast path). Every other sequence returns false and calls nothing.
    func withScalar(_ body: (Element) -> Void) -> Bool {
        false
    }

    /// This sequence.
    // Inlinable, so that a subscription through `ObservableType` takes no retain of the sequence.
    @inlinable public func asObservable() -> Observable<Element> { self }
}

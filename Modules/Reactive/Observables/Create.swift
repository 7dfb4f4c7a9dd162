import Synchronization

extension ObservableType {
    /// A sequence whose subscription runs `subscribe` with the observer; the returned disposable ends it.
    // Inlinable, so that the sequence and its sink type are made in the caller's code, compiled for
    // its element type, which finds their generic metadata in a cache of its own: the library's
    // code, compiled once for every element type, asked the runtime for both on every subscription.
    @inlinable
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe, sinkType: AnonymousObservableSink<Element>.self)
    }
}

@usableFromInline
final class AnonymousObservable<Element>: Producer<Element> {
    @usableFromInline typealias SubscribeHandler = (AnyObserver<Element>) -> Disposable

    let subscribeHandler: SubscribeHandler
    /// The sink's type, with its metadata: a sink made from it needs no runtime lookup.
    let sinkType: AnonymousObservableSink<Element>.Type

    @usableFromInline
    init(_ subscribeHandler: @escaping SubscribeHandler, sinkType: AnonymousObservableSink<Element>.Type) {
        self.subscribeHandler = subscribeHandler
        self.sinkType = sinkType
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = sinkType.init(observer: observer, cancel: cancel)
        let subscription = subscribeHandler(AnyObserver(node: sink))
        return (sink, subscription)
    }
}

/// Enforces the grammar on a hand-written sequence: nothing after the first stop event.
@usableFromInline
final class AnonymousObservableSink<Element>: Sink<Element, Element> {
    private let stopped = Atomic<Bool>(false)

    override func next(_ element: Element) {
        if stopped.load(ordering: .acquiring) { return }
        forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        forwardError(error)
        dispose()
    }

    override func completed() {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        forwardCompleted()
        dispose()
    }
}

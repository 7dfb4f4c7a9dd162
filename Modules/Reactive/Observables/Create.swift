import Synchronization

extension ObservableType {
    /// A sequence whose subscription runs `subscribe` with the observer; the returned disposable ends it.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }
}

final private class AnonymousObservable<Element>: Producer<Element> {
    typealias SubscribeHandler = (AnyObserver<Element>) -> Disposable

    let subscribeHandler: SubscribeHandler

    init(_ subscribeHandler: @escaping SubscribeHandler) {
        self.subscribeHandler = subscribeHandler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
        let subscription = subscribeHandler(AnyObserver(node: sink))
        return (sink, subscription)
    }
}

/// Enforces the grammar on a hand-written sequence: nothing after the first stop event.
final private class AnonymousObservableSink<Element>: Sink<Element, Element> {
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

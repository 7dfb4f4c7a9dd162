extension ObservableType {
    /// A sequence that calls `observableFactory` on each subscription and subscribes to what it returns;
    /// a thrown error is sent as the sequence's error.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Deferred(observableFactory: observableFactory)
    }
}

final private class Deferred<Element>: Producer<Element> {
    typealias Factory = () throws -> Observable<Element>

    private let observableFactory: Factory

    init(observableFactory: @escaping Factory) {
        self.observableFactory = observableFactory
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DeferredSink<Element>(observer: observer, cancel: cancel)
        let subscription: Disposable
        do {
            subscription = try observableFactory().subscribeNode(sink)
        } catch {
            sink.forwardError(error)
            sink.dispose()
            subscription = Disposables.create()
        }
        return (sink, subscription)
    }
}

final private class DeferredSink<Element>: Sink<Element, Element> {
    override func next(_ element: Element) {
        forwardNext(element)
    }
}

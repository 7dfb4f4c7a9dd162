/// On an error, continues with the sequence `handler` returns; the fallback's own error is not caught.
final class TraitCatch<Element>: Producer<Element> {
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    private let source: Observable<Element>
    private let handler: Handler

    init(source: Observable<Element>, handler: @escaping Handler) {
        self.source = source
        self.handler = handler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TraitCatchSink(handler: handler, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

final private class TraitCatchSink<Element>: Sink<Element, Element> {
    private let handler: TraitCatch<Element>.Handler
    // Holds the source subscription, then the fallback's: switching disposes the failed source.
    private let subscription = SerialDisposable()

    init(handler: @escaping TraitCatch<Element>.Handler, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.handler = handler
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        subscription.disposable = sourceSubscription
        sourceSubscription.setDisposable(source.subscribeNode(self))
        return subscription
    }

    override func next(_ element: Element) {
        forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        let fallback: Observable<Element>
        do {
            fallback = try handler(error)
        } catch {
            forwardError(error)
            dispose()
            return
        }
        let fallbackSubscription = SingleAssignmentDisposable()
        subscription.disposable = fallbackSubscription
        fallbackSubscription.setDisposable(fallback.subscribeNode(TraitForwarder(self)))
    }
}

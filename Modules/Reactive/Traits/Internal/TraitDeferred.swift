/// Calls `factory` on each subscription and subscribes to what it returns; a thrown error fails
/// that subscription.
final class TraitDeferred<Element>: Producer<Element> {
    typealias Factory = () throws -> Observable<Element>

    private let factory: Factory

    init(_ factory: @escaping Factory) {
        self.factory = factory
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TraitPassThroughSink<Element>(observer: observer, cancel: cancel)
        do {
            let source = try factory()
            return (sink, source.subscribeNode(sink))
        } catch {
            sink.forwardError(error)
            sink.dispose()
            return (sink, Disposables.create())
        }
    }
}

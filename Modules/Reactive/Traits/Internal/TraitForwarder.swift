// The operators in this folder are the Observable-level building blocks of the traits (Single, Maybe,
// Completable, Infallible). They are internal and prefixed `Trait` so that they stay independent of
// the general-purpose operators (catch, retry, flatMap, concat, merge, zip, do, ...), which live in
// Observables/ and are written separately.

/// Forwards an inner subscription's events to the sink that subscribed it, ending the sink on a stop event.
///
/// Used where a sink switches to a second sequence (catch, flat-map, and-then): the second sequence's
/// events go downstream unchanged, and its end is the end of the whole subscription.
final class TraitForwarder<Input, Element>: ObserverNode<Element> {
    private let sink: Sink<Input, Element>

    init(_ sink: Sink<Input, Element>) {
        self.sink = sink
    }

    override func next(_ element: Element) {
        sink.forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        sink.forwardError(error)
        sink.dispose()
    }

    override func completed() {
        sink.forwardCompleted()
        sink.dispose()
    }
}

/// A sink that passes every event on unchanged.
final class TraitPassThroughSink<Element>: Sink<Element, Element> {
    override func next(_ element: Element) {
        forwardNext(element)
    }
}

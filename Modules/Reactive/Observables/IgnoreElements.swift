extension ObservableType {
    /// Drops every value and passes on only the error or the completion.
    public func ignoreElements() -> Observable<Never> {
        IgnoreElements(source: asObservable())
    }
}

final private class IgnoreElementsSink<Element>: Sink<Element, Never> {
    override func next(_ element: Element) {}
}

final private class IgnoreElements<Element>: Producer<Never> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: ObserverNode<Never>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = IgnoreElementsSink<Element>(observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

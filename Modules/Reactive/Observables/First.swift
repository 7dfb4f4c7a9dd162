extension ObservableType {
    /// The first value, or `nil` if the source completes empty, then completion.
    public func first() -> Single<Element?> {
        Single(raw: makeFirst())
    }

    /// The sequence behind `first()`: the first value or `nil`, then completion.
    func makeFirst() -> Observable<Element?> {
        First(source: asObservable())
    }
}

final private class FirstSink<Element>: Sink<Element, Element?> {
    override func next(_ element: Element) {
        forwardNext(element)
        forwardCompleted()
        dispose()
    }

    override func completed() {
        forwardNext(nil)
        forwardCompleted()
        dispose()
    }
}

final private class First<Element>: Producer<Element?> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: ObserverNode<Element?>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = FirstSink<Element>(observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

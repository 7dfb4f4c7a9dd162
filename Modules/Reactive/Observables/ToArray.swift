extension ObservableType {
    /// Collects every value and, when the source completes, sends them as one array and completes.
    public func toArray() -> Single<[Element]> {
        Single(raw: makeToArray())
    }

    /// The sequence behind `toArray()`: one array of every value, then completion.
    func makeToArray() -> Observable<[Element]> {
        ToArray(source: asObservable())
    }
}

final private class ToArraySink<Element>: Sink<Element, [Element]> {
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var elements: [Element] = []

    override func next(_ element: Element) {
        elements.append(element)
    }

    override func completed() {
        forwardNext(elements)
        forwardCompleted()
        dispose()
    }
}

final private class ToArray<Element>: Producer<[Element]> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: ObserverNode<[Element]>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ToArraySink<Element>(observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

extension ObservableType {
    /// The last `count` values, sent when the source completes, then completion.
    public func takeLast(_ count: Int) -> Observable<Element> {
        TakeLast(source: asObservable(), count: count)
    }
}

final private class TakeLastSink<Element>: Sink<Element, Element> {
    private let count: Int
    // A ring of the last `count` values; only this sink touches it, one event at a time.
    private var buffer: [Element] = []
    private var start = 0

    init(count: Int, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.count = count
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        guard count > 0 else { return }
        if buffer.count < count {
            buffer.append(element)
        } else {
            buffer[start] = element
            start = (start + 1) % count
        }
    }

    override func completed() {
        let ordered = buffer[start...] + buffer[..<start]
        buffer = []
        for element in ordered {
            forwardNext(element)
        }
        forwardCompleted()
        dispose()
    }
}

final private class TakeLast<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        if count < 0 { rxFatalError("count can't be negative") }
        self.source = source
        self.count = count
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TakeLastSink(count: count, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

extension ObservableType {
    /// Pairs each value with its index, counting from zero.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        Enumerated(source: asObservable())
    }
}

final private class EnumeratedSink<Element>: Sink<Element, (index: Int, element: Element)> {
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var index = 0

    override func next(_ element: Element) {
        // As RxSwift: running out of indices is an error, not a trap.
        if index == Int.max {
            forwardError(RxError.overflow)
            dispose()
            return
        }
        let current = index
        index += 1
        forwardNext((index: current, element: element))
    }
}

final private class Enumerated<Element>: Producer<(index: Int, element: Element)> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: ObserverNode<(index: Int, element: Element)>, cancel: Cancelable)
        -> (sink: Disposable, subscription: Disposable)
    {
        let sink = EnumeratedSink<Element>(observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

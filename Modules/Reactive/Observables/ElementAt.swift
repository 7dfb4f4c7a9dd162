extension ObservableType {
    /// The value at `index` (counting from zero), then completion; fails with
    /// `RxError.argumentOutOfRange` if the source completes before sending it.
    public func element(at index: Int) -> Observable<Element> {
        ElementAt(source: asObservable(), index: index)
    }

    /// The value at `index`.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}

final private class ElementAtSink<Element>: Sink<Element, Element> {
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var remaining: Int

    init(index: Int, observer: ObserverNode<Element>, cancel: Cancelable) {
        remaining = index
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        if remaining == 0 {
            // Counted past zero first, so a value the observer sends back into the source is not sent too.
            remaining = -1
            forwardNext(element)
            forwardCompleted()
            dispose()
        } else if remaining > 0 {
            remaining -= 1
        }
    }

    override func completed() {
        forwardError(RxError.argumentOutOfRange)
        dispose()
    }
}

final private class ElementAt<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let index: Int

    init(source: Observable<Element>, index: Int) {
        if index < 0 { rxFatalError("index can't be negative") }
        self.source = source
        self.index = index
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ElementAtSink(index: index, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

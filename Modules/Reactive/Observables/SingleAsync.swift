extension ObservableType {
    /// The source's only value, passed on as it arrives; fails with `RxError.moreThanOneElement` at a
    /// second value and with `RxError.noElements` if the source completes empty.
    public func single() -> Observable<Element> {
        SingleAsync(source: asObservable(), predicate: nil)
    }

    /// The only value that passes `predicate`, passed on as it arrives; fails with
    /// `RxError.moreThanOneElement` at a second one and with `RxError.noElements` if there is none.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SingleAsync(source: asObservable(), predicate: predicate)
    }
}

final private class SingleAsyncSink<Element>: Sink<Element, Element> {
    typealias Predicate = (Element) throws -> Bool

    private let predicate: Predicate?
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var seenValue = false

    init(predicate: Predicate?, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        do {
            if let predicate, !(try predicate(element)) { return }
        } catch {
            forwardError(error)
            dispose()
            return
        }
        if seenValue {
            forwardError(RxError.moreThanOneElement)
            dispose()
            return
        }
        seenValue = true
        forwardNext(element)
    }

    override func completed() {
        if seenValue {
            forwardCompleted()
        } else {
            forwardError(RxError.noElements)
        }
        dispose()
    }
}

final private class SingleAsync<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate?

    init(source: Observable<Element>, predicate: Predicate?) {
        self.source = source
        self.predicate = predicate
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SingleAsyncSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

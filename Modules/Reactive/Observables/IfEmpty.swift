extension ObservableType {
    /// The source's values, or `default` alone if the source completes without sending any.
    public func ifEmpty(default: Element) -> Observable<Element> {
        DefaultIfEmpty(source: asObservable(), default: `default`)
    }

    /// The source's values, or those of `other` if the source completes without sending any.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        SwitchIfEmpty(source: asObservable(), ifEmpty: other)
    }
}

final private class DefaultIfEmptySink<Element>: Sink<Element, Element> {
    private let defaultElement: Element
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var isEmpty = true

    init(defaultElement: Element, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.defaultElement = defaultElement
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        isEmpty = false
        forwardNext(element)
    }

    override func completed() {
        if isEmpty { forwardNext(defaultElement) }
        forwardCompleted()
        dispose()
    }
}

final private class DefaultIfEmpty<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let defaultElement: Element

    init(source: Observable<Element>, default defaultElement: Element) {
        self.source = source
        self.defaultElement = defaultElement
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DefaultIfEmptySink(defaultElement: defaultElement, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

final private class SwitchIfEmptySink<Element>: Sink<Element, Element> {
    private let ifEmpty: Observable<Element>
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var isEmpty = true
    let ifEmptySubscription = SingleAssignmentDisposable()

    init(ifEmpty: Observable<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.ifEmpty = ifEmpty
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        isEmpty = false
        forwardNext(element)
    }

    override func completed() {
        guard isEmpty else {
            forwardCompleted()
            dispose()
            return
        }
        ifEmptySubscription.setDisposable(ifEmpty.subscribeNode(SwitchIfEmptyOtherObserver(parent: self)))
    }
}

final private class SwitchIfEmptyOtherObserver<Element>: ObserverNode<Element> {
    private let parent: SwitchIfEmptySink<Element>

    init(parent: SwitchIfEmptySink<Element>) {
        self.parent = parent
    }

    override func next(_ element: Element) {
        parent.forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        parent.forwardError(error)
        parent.dispose()
    }

    override func completed() {
        parent.forwardCompleted()
        parent.dispose()
    }
}

final private class SwitchIfEmpty<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let ifEmpty: Observable<Element>

    init(source: Observable<Element>, ifEmpty: Observable<Element>) {
        self.source = source
        self.ifEmpty = ifEmpty
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SwitchIfEmptySink(ifEmpty: ifEmpty, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, Disposables.create(subscription, sink.ifEmptySubscription))
    }
}

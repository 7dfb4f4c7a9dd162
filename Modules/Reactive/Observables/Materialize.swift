extension ObservableType {
    /// Sends each event of the source as a value, then completes after the source's stop event.
    public func materialize() -> Observable<Event<Element>> {
        Materialize(source: asObservable())
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns values that are events back into the events they describe.
    public func dematerialize() -> Observable<Element.Element> {
        Dematerialize(source: asObservable())
    }
}

final private class MaterializeSink<Element>: Sink<Element, Event<Element>> {
    override func next(_ element: Element) {
        forwardNext(.next(element))
    }

    override func error(_ error: Swift.Error) {
        forwardNext(.error(error))
        forwardCompleted()
        dispose()
    }

    override func completed() {
        forwardNext(.completed)
        forwardCompleted()
        dispose()
    }
}

final private class Materialize<Element>: Producer<Event<Element>> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: ObserverNode<Event<Element>>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = MaterializeSink<Element>(observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

final private class DematerializeSink<T: EventConvertible>: Sink<T, T.Element> {
    override func next(_ element: T) {
        switch element.event {
        case .next(let value):
            forwardNext(value)
        case .error(let error):
            forwardError(error)
            dispose()
        case .completed:
            forwardCompleted()
            dispose()
        }
    }
}

final private class Dematerialize<T: EventConvertible>: Producer<T.Element> {
    private let source: Observable<T>

    init(source: Observable<T>) {
        self.source = source
    }

    override func run(_ observer: ObserverNode<T.Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DematerializeSink<T>(observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

extension ObservableType {
    /// A sequence of one value, then completion.
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element: element)
    }

    /// A sequence of one value, then completion, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        JustScheduled(element: element, scheduler: scheduler)
    }
}

final private class Just<Element>: Producer<Element> {
    private let element: Element

    init(element: Element) {
        self.element = element
    }

    override func subscribeNode(_ observer: ObserverNode<Element>) -> Disposable {
        observer.next(element)
        observer.completed()
        return Disposables.create()
    }

    override func withScalar(_ body: (Element) -> Void) -> Bool {
        body(element)
        return true
    }
}

final private class JustScheduled<Element>: Producer<Element> {
    private let element: Element
    private let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = Sink<Never, Element>(observer: observer, cancel: cancel)
        let subscription = scheduler.schedule(element) { element in
            sink.forwardNext(element)
            return self.scheduler.schedule(()) { _ in
                sink.forwardCompleted()
                sink.dispose()
                return Disposables.create()
            }
        }
        return (sink, subscription)
    }
}

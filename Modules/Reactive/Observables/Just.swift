extension ObservableType {
    /// A sequence of one value, then completion.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        // Inlined, the caller's code creates a `Just` of its own element type from metadata it keeps
        // at hand; the library's generic code looked it up in the runtime's cache on every call.
        Just(element: element)
    }

    /// A sequence of one value, then completion, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        JustScheduled(element: element, scheduler: scheduler)
    }
}

/// `just`'s sequence.
@usableFromInline
final class Just<Element>: Producer<Element> {
    private let element: Element

    @usableFromInline
    init(element: Element) {
        self.element = element
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
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

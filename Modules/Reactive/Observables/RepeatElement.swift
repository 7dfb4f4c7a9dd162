extension ObservableType {
    /// The same value, sent over and over, never completing.
    public static func repeatElement(
        _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RepeatElement(element: element, scheduler: scheduler)
    }
}

final private class RepeatElement<Element>: Producer<Element> {
    fileprivate let element: Element
    fileprivate let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = RepeatElementSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class RepeatElementSink<Element>: Sink<Never, Element> {
    private let parent: RepeatElement<Element>

    init(parent: RepeatElement<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        parent.scheduler.scheduleRecursive(parent.element) { element, recurse in
            self.forwardNext(element)
            // On the current-thread trampoline the recursion's disposable is connected only after
            // the loop returns, so a downstream disposal (`take`) must be noticed here or the loop
            // never ends.
            if !self.isDisposed { recurse(element) }
        }
    }
}

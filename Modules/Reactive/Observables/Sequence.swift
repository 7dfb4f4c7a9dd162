extension ObservableType {
    /// The given values, in order, then completion.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Observable<Element>
    {
        ObservableSequence(elements: elements, scheduler: scheduler)
    }

    /// The elements of an array, in order, then completion.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance)
        -> Observable<Element>
    {
        ObservableSequence(elements: array, scheduler: scheduler)
    }

    /// The elements of a sequence, in order, then completion.
    public static func from<Source: Sequence>(
        _ sequence: Source, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Source.Element == Element {
        ObservableSequence(elements: sequence, scheduler: scheduler)
    }

    /// One value if `optional` has one, then completion.
    public static func from(optional: Element?) -> Observable<Element> {
        ObservableOptional(optional: optional)
    }

    /// One value if `optional` has one, then completion, sent on `scheduler`.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObservableSequence(elements: optional.map { [$0] } ?? [], scheduler: scheduler)
    }
}

final private class ObservableOptional<Element>: Producer<Element> {
    private let optional: Element?

    init(optional: Element?) {
        self.optional = optional
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        if let element = optional { observer.next(element) }
        observer.completed()
        return Disposables.create()
    }
}

final private class ObservableSequence<Source: Sequence>: Producer<Source.Element> {
    fileprivate let elements: Source
    fileprivate let scheduler: ImmediateSchedulerType

    init(elements: Source, scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ObservableSequenceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class ObservableSequenceSink<Source: Sequence>: Sink<Never, Source.Element> {
    private let parent: ObservableSequence<Source>

    init(parent: ObservableSequence<Source>, observer: ObserverNode<Source.Element>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        parent.scheduler.scheduleRecursive(parent.elements.makeIterator()) { iterator, recurse in
            var mutableIterator = iterator
            if let next = mutableIterator.next() {
                self.forwardNext(next)
                recurse(mutableIterator)
            } else {
                self.forwardCompleted()
                self.dispose()
            }
        }
    }
}

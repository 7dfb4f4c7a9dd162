extension ObservableType {
    /// On each tick of `sampler`, emits the newest value since the last tick, else `defaultValue` if given.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

final private class SampleSink<Element, SampleType>: SerializingSink<Element, Element> {
    private let defaultValue: Element?

    // Guarded by `lock`.
    private var element: Element?
    private var atEnd = false

    private let sourceSubscription = SingleAssignmentDisposable()

    init(defaultValue: Element?, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.defaultValue = defaultValue
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>, sampler: Observable<SampleType>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribeNode(self))
        let samplerSubscription = sampler.subscribeNode(SamplerObserver(parent: self))
        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    override func next(_ element: Element) {
        lock.lock()
        self.element = element
        lock.unlock()
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        sendErrorLocked(error)
        unlockAndDeliver()
    }

    override func completed() {
        // The source's end is reported at the next tick of the sampler, after its last value.
        lock.lock()
        atEnd = true
        disposeLocked(sourceSubscription)
        unlockAndDeliver()
    }

    /// Call with `lock` held.
    fileprivate func tick() {
        if let sampled = element ?? defaultValue {
            element = nil
            sendNextLocked(sampled)
        }
        if atEnd {
            sendCompletedLocked()
        }
    }
}

final private class SamplerObserver<Element, SampleType>: ObserverNode<SampleType> {
    private let parent: SampleSink<Element, SampleType>

    init(parent: SampleSink<Element, SampleType>) {
        self.parent = parent
    }

    override func next(_ element: SampleType) {
        parent.lock.lock()
        parent.tick()
        parent.unlockAndDeliver()
    }

    override func error(_ error: Swift.Error) {
        parent.lock.lock()
        parent.sendErrorLocked(error)
        parent.unlockAndDeliver()
    }

    override func completed() {
        parent.lock.lock()
        parent.tick()
        parent.unlockAndDeliver()
    }
}

final private class Sample<Element, SampleType>: Producer<Element> {
    private let source: Observable<Element>
    private let sampler: Observable<SampleType>
    private let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<SampleType>, defaultValue: Element?) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SampleSink<Element, SampleType>(defaultValue: defaultValue, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source, sampler: sampler)
        return (sink, subscription)
    }
}

extension ObservableType {
    /// Emits the values in arrays, each when it holds `count` values or `timeSpan` after the previous one.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        BufferTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

final private class BufferTimeCount<Element>: Producer<[Element]> {
    fileprivate let source: Observable<Element>
    fileprivate let timeSpan: RxTimeInterval
    fileprivate let count: Int
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<[Element]>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = BufferTimeCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class BufferTimeCountSink<Element>: TimedWindowSink<Element, [Element]> {
    private let parent: BufferTimeCount<Element>

    // Serialised: the timer's thread and the source's meet here.
    private var buffer: [Element] = []  // guarded by `lock`

    init(parent: BufferTimeCount<Element>, observer: ObserverNode<[Element]>, cancel: Cancelable) {
        self.parent = parent
        super.init(timeSpan: parent.timeSpan, scheduler: parent.scheduler, observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        startTimer(0)
        return parent.source.subscribeNode(self)
    }

    /// Sends the current buffer. Called under `lock`.
    override func closeWindowLocked() {
        let full = buffer
        buffer = []
        sendNextLocked(full)
    }

    override func next(_ element: Element) {
        lock.lock()
        buffer.append(element)
        let next = buffer.count == parent.count && !isStoppedLocked ? nextWindowLocked() : nil
        unlockAndDeliver()
        if let next { startTimer(next) }
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        buffer = []
        sendErrorLocked(error)
        unlockAndDeliver()
    }

    override func completed() {
        lock.lock()
        if !isStoppedLocked { sendNextLocked(buffer) }
        sendCompletedLocked()
        unlockAndDeliver()
    }

    override func dispose() {
        super.dispose()
        disposeTimer()
    }
}

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

final private class BufferTimeCountSink<Element>: Sink<Element, [Element]> {
    private let parent: BufferTimeCount<Element>
    private let timer = SerialDisposable()

    // Events are forwarded under the lock, as RxSwift does, so it is recursive. The timer's thread
    // and the source's meet here.
    private let lock = Lock(.recursive)
    private var buffer: [Element] = [] // guarded by `lock`
    private var windowID = 0 // guarded by `lock`

    init(parent: BufferTimeCount<Element>, observer: ObserverNode<[Element]>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        lock.performLocked { createTimer(windowID) }
        return Disposables.create(timer, parent.source.subscribeNode(self))
    }

    /// Called under `lock`.
    private func startNewWindowAndSendCurrentOne() {
        windowID = windowID &+ 1
        let currentWindowID = windowID
        let full = buffer
        buffer = []
        forwardNext(full)
        createTimer(currentWindowID)
    }

    override func next(_ element: Element) {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(element)
        if buffer.count == parent.count {
            startNewWindowAndSendCurrentOne()
        }
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        defer { lock.unlock() }
        buffer = []
        forwardError(error)
        dispose()
    }

    override func completed() {
        lock.lock()
        defer { lock.unlock() }
        forwardNext(buffer)
        forwardCompleted()
        dispose()
    }

    /// Called under `lock`.
    private func createTimer(_ windowID: Int) {
        if timer.isDisposed { return }
        if self.windowID != windowID { return }
        let nextTimer = SingleAssignmentDisposable()
        timer.disposable = nextTimer
        let disposable = parent.scheduler.scheduleRelative(windowID, dueTime: parent.timeSpan) { previousWindowID in
            self.lock.performLocked {
                if previousWindowID != self.windowID { return }
                self.startNewWindowAndSendCurrentOne()
            }
            return Disposables.create()
        }
        nextTimer.setDisposable(disposable)
    }
}

extension ObservableType {
    /// Fails with `RxError.timeout` when `dueTime` passes without an event since subscription or the last value.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Timeout(source: asObservable(), dueTime: dueTime, other: Observable.error(RxError.timeout), scheduler: scheduler)
    }

    /// Switches to `other` when no event arrives within `dueTime` of subscription or of the previous value.
    public func timeout<Source: ObservableConvertibleType>(_ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType)
        -> Observable<Element> where Element == Source.Element
    {
        Timeout(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }
}

final private class Timeout<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let dueTime: RxTimeInterval
    fileprivate let other: Observable<Element>
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TimeoutSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class TimeoutSink<Element>: Sink<Element, Element> {
    private let parent: Timeout<Element>
    private let timer = SerialDisposable()
    private let subscription = SerialDisposable()

    // The timer's thread and the source's race to be first; the lock picks the winner. Never held
    // while user code runs.
    private let lock = Lock()
    private var id = 0  // guarded by `lock`
    private var switched = false  // guarded by `lock`

    init(parent: Timeout<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        createTimeoutTimer()
        original.setDisposable(parent.source.subscribeNode(self))
        return Disposables.create(subscription, timer)
    }

    /// Whether the source's event arrived before the timer fired; it starts a new period if so.
    private func sourceWins() -> Bool {
        lock.performLocked {
            if switched { return false }
            id = id &+ 1
            return true
        }
    }

    override func next(_ element: Element) {
        if sourceWins() {
            forwardNext(element)
            createTimeoutTimer()
        }
    }

    override func error(_ error: Swift.Error) {
        if sourceWins() {
            forwardError(error)
            dispose()
        }
    }

    override func completed() {
        if sourceWins() {
            forwardCompleted()
            dispose()
        }
    }

    private func createTimeoutTimer() {
        if timer.isDisposed { return }
        let nextTimer = SingleAssignmentDisposable()
        timer.disposable = nextTimer
        let currentId = lock.performLocked { id }
        let disposeSchedule = parent.scheduler.scheduleRelative(currentId, dueTime: parent.dueTime) { state in
            let timerWins: Bool = self.lock.performLocked {
                self.switched = (state == self.id)
                return self.switched
            }
            if timerWins {
                self.subscription.disposable = self.parent.other.subscribeNode(TimeoutOtherObserver(sink: self))
            }
            return Disposables.create()
        }
        nextTimer.setDisposable(disposeSchedule)
    }
}

/// Passes the fallback sequence's events straight downstream.
final private class TimeoutOtherObserver<Element>: ObserverNode<Element> {
    private let sink: TimeoutSink<Element>

    init(sink: TimeoutSink<Element>) {
        self.sink = sink
    }

    override func next(_ element: Element) {
        sink.forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        sink.forwardError(error)
        sink.dispose()
    }

    override func completed() {
        sink.forwardCompleted()
        sink.dispose()
    }
}

extension ObservableType {
    /// Emits a value only after `dueTime` passes without a newer one (completion flushes it; an error drops it).
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Debounce(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final private class Debounce<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let dueTime: RxTimeInterval
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DebounceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class DebounceSink<Element>: SerializingSink<Element, Element> {
    private let parent: Debounce<Element>
    private let cancellable = SerialDisposable()

    // Serialised: the timer's thread and the source's meet here.
    private var id: UInt64 = 0  // guarded by `lock`
    private var value: Element?  // guarded by `lock`

    init(parent: Debounce<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribeNode(self)
        return Disposables.create(subscription, cancellable)
    }

    override func next(_ element: Element) {
        lock.lock()
        id = id &+ 1
        let currentId = id
        value = element
        lock.unlock()
        // Scheduled with the lock released: a scheduler may run the action at once. Replacing the
        // timer disposes the previous one, whose value this one supersedes.
        let timer = SingleAssignmentDisposable()
        cancellable.disposable = timer
        timer.setDisposable(
            parent.scheduler.scheduleRelative(currentId, dueTime: parent.dueTime) { currentId in
                self.propagate(currentId)
            })
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        value = nil
        sendErrorLocked(error)
        unlockAndDeliver()
    }

    override func completed() {
        lock.lock()
        if let pending = value {
            value = nil
            sendNextLocked(pending)
        }
        sendCompletedLocked()
        unlockAndDeliver()
    }

    private func propagate(_ currentId: UInt64) -> Disposable {
        lock.lock()
        if let pending = value, id == currentId {
            value = nil
            sendNextLocked(pending)
        }
        unlockAndDeliver()
        return Disposables.create()
    }
}

import Foundation

extension ObservableType {
    /// Emits at most one value per `dueTime`; with `latest`, the last value held back goes out when the period ends.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<Element> {
        Throttle(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }
}

final private class Throttle<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let dueTime: RxTimeInterval
    fileprivate let latest: Bool
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ThrottleSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class ThrottleSink<Element>: SerializingSink<Element, Element> {
    private let parent: Throttle<Element>
    private let cancellable = SerialDisposable()

    // Serialised: the timer's thread and the source's meet here.
    private var lastUnsentElement: Element?  // guarded by `lock`
    private var lastSentTime: Date?  // guarded by `lock`
    private var completedWhilePending = false  // guarded by `lock`

    init(parent: Throttle<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribeNode(self)
        return Disposables.create(subscription, cancellable)
    }

    override func next(_ element: Element) {
        lock.lock()
        if isStoppedLocked {
            lock.unlock()
            return
        }
        let now = parent.scheduler.now
        let remaining: RxTimeInterval
        if let lastSentTime {
            remaining = parent.dueTime.reduced(bySpanFrom: lastSentTime, to: now)
        } else {
            remaining = .nanoseconds(0)
        }

        if remaining.isImmediate {
            lastUnsentElement = nil
            sendNextLocked(element)
            unlockAndDeliver()
            markSent()
            return
        }
        let alreadyScheduled = lastUnsentElement != nil
        if parent.latest { lastUnsentElement = element }
        lock.unlock()
        if !parent.latest || alreadyScheduled { return }

        // Scheduled with the lock released: a scheduler may run the action at once.
        let timer = SingleAssignmentDisposable()
        cancellable.disposable = timer
        timer.setDisposable(parent.scheduler.scheduleRelative((), dueTime: remaining) { _ in self.propagate() })
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        lastUnsentElement = nil
        sendErrorLocked(error)
        unlockAndDeliver()
    }

    override func completed() {
        lock.lock()
        // The pending value still goes out when its period ends; completion follows it.
        if lastUnsentElement != nil {
            completedWhilePending = true
        } else {
            sendCompletedLocked()
        }
        unlockAndDeliver()
    }

    /// The period starts once the value is delivered, as in RxSwift: slow observers lengthen it.
    private func markSent() {
        let now = parent.scheduler.now
        lock.performLocked { lastSentTime = now }
    }

    private func propagate() -> Disposable {
        lock.lock()
        let pending = lastUnsentElement
        lastUnsentElement = nil
        if let pending { sendNextLocked(pending) }
        if completedWhilePending { sendCompletedLocked() }
        unlockAndDeliver()
        if pending != nil { markSent() }
        return Disposables.create()
    }
}

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

final private class ThrottleSink<Element>: Sink<Element, Element> {
    private let parent: Throttle<Element>
    private let cancellable = SerialDisposable()

    // Events are forwarded under the lock, as RxSwift does, so it is recursive. The timer's thread
    // and the source's meet here.
    private let lock = Lock(.recursive)
    private var lastUnsentElement: Element? // guarded by `lock`
    private var lastSentTime: Date? // guarded by `lock`
    private var completedWhilePending = false // guarded by `lock`

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
        defer { lock.unlock() }
        let now = parent.scheduler.now
        let remaining: RxTimeInterval
        if let lastSentTime {
            remaining = parent.dueTime.reduced(bySpanFrom: lastSentTime, to: now)
        } else {
            remaining = .nanoseconds(0)
        }

        if remaining.isImmediate {
            sendNow(element)
            return
        }
        if !parent.latest { return }

        let alreadyScheduled = lastUnsentElement != nil
        lastUnsentElement = element
        if alreadyScheduled { return }

        let timer = SingleAssignmentDisposable()
        cancellable.disposable = timer
        timer.setDisposable(parent.scheduler.scheduleRelative((), dueTime: remaining) { _ in self.propagate() })
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        defer { lock.unlock() }
        lastUnsentElement = nil
        forwardError(error)
        dispose()
    }

    override func completed() {
        lock.lock()
        defer { lock.unlock() }
        // The pending value still goes out when its period ends; completion follows it.
        if lastUnsentElement != nil {
            completedWhilePending = true
        } else {
            forwardCompleted()
            dispose()
        }
    }

    private func sendNow(_ element: Element) {
        lastUnsentElement = nil
        forwardNext(element)
        // Taken after forwarding, as RxSwift does: slow observers lengthen the period.
        lastSentTime = parent.scheduler.now
    }

    private func propagate() -> Disposable {
        lock.performLocked {
            if let pending = lastUnsentElement {
                sendNow(pending)
            }
            if completedWhilePending {
                forwardCompleted()
                dispose()
            }
        }
        return Disposables.create()
    }
}

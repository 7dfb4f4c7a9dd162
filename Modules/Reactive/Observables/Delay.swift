import Foundation

extension ObservableType {
    /// Shifts values and completion later by `dueTime` on `scheduler`; an error is passed on at once.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Delay(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final private class Delay<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink, subscription)
    }
}

/// Queues each event with the time it arrived, and drains the queue from one recursive scheduled
/// action, so that a concurrent scheduler still delivers in order. An error skips the queue: it
/// goes out at once, or as soon as the drain running on another thread notices it.
final private class DelaySink<Element>: Sink<Element, Element> {
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let sourceSubscription = SingleAssignmentDisposable()
    private let cancelable = SerialDisposable()

    // Never held while the observer runs: the drain delivers with it released.
    private let lock = Lock()
    // Guarded by `lock`: the source's thread enqueues while the scheduler's thread drains.
    private var active = false  // a drain is scheduled or running
    private var running = false  // a drain is delivering events now
    private var errorEvent: Swift.Error?
    private var queue: [(eventTime: RxTime, event: Event<Element>)] = []
    private var head = 0

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribeNode(self))
        return Disposables.create(sourceSubscription, cancelable)
    }

    override func next(_ element: Element) { enqueue(.next(element)) }

    override func completed() {
        sourceSubscription.dispose()
        enqueue(.completed)
    }

    override func error(_ error: Swift.Error) {
        sourceSubscription.dispose()
        lock.lock()
        let sendNow = !running
        queue = []
        head = 0
        errorEvent = error
        lock.unlock()
        if sendNow {
            forwardError(error)
            dispose()
        }
    }

    private func enqueue(_ event: Event<Element>) {
        lock.lock()
        let shouldSchedule = !active
        active = true
        queue.append((scheduler.now, event))
        lock.unlock()
        if shouldSchedule {
            cancelable.disposable = scheduler.scheduleRecursive((), dueTime: dueTime) { _, recurse in
                self.drainQueue(recurse)
            }
        }
    }

    private func dequeue() -> Event<Element>? {
        guard head < queue.count else { return nil }
        let event = queue[head].event
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return event
    }

    private func drainQueue(_ recurse: AnyRecursiveScheduler<Void>) {
        lock.lock()
        let hasFailed = errorEvent != nil
        if !hasFailed { running = true }
        lock.unlock()
        if hasFailed { return }

        var ranAtLeastOnce = false
        while true {
            lock.lock()
            let error = errorEvent
            // The first event of a drain is due now; each later one is rescheduled for its own time.
            let eventToForward = ranAtLeastOnce ? nil : dequeue()
            let nextEventTime: RxTime? = ranAtLeastOnce && head < queue.count ? queue[head].eventTime : nil
            if error == nil {
                if eventToForward != nil {
                } else if nextEventTime != nil {
                    running = false
                } else {
                    running = false
                    active = false
                }
            }
            lock.unlock()

            if let error {
                forwardError(error)
                dispose()
                return
            }
            if let eventToForward {
                ranAtLeastOnce = true
                switch eventToForward {
                case .next(let element):
                    forwardNext(element)
                case .completed:
                    forwardCompleted()
                    dispose()
                    return
                case .error(let error):
                    forwardError(error)
                    dispose()
                    return
                }
            } else if let nextEventTime {
                recurse.schedule((), dueTime: dueTime.reduced(bySpanFrom: nextEventTime, to: scheduler.now))
                return
            } else {
                return
            }
        }
    }

    override func dispose() {
        super.dispose()
        sourceSubscription.dispose()
        cancelable.dispose()
    }
}

extension ObservableType where Element: RxAbstractInteger {
    /// Emits 0, 1, 2, ... every `period` on `scheduler`, the first one a `period` after subscription.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TimerProducer(dueTime: period, period: period, scheduler: scheduler)
    }

    /// Emits 0 after `dueTime`, then completes; with a `period`, goes on emitting 1, 2, ... every period.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType)
        -> Observable<Element>
    {
        TimerProducer(dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

final private class TimerProducer<Element: RxAbstractInteger>: Producer<Element> {
    fileprivate let scheduler: SchedulerType
    fileprivate let dueTime: RxTimeInterval
    fileprivate let period: RxTimeInterval?

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.scheduler = scheduler
        self.dueTime = dueTime
        self.period = period
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        if let period {
            let sink = TimerSink<Element>(observer: observer, cancel: cancel)
            let subscription = sink.run(scheduler: scheduler, dueTime: dueTime, period: period)
            return (sink, subscription)
        }
        let sink = TimerOneOffSink<Element>(observer: observer, cancel: cancel)
        let subscription = sink.run(scheduler: scheduler, dueTime: dueTime)
        return (sink, subscription)
    }
}

final private class TimerSink<Element: RxAbstractInteger>: SerializingSink<Never, Element> {
    // Serialised: a concurrent scheduler may run two ticks at once.

    func run(scheduler: SchedulerType, dueTime: RxTimeInterval, period: RxTimeInterval) -> Disposable {
        // Counted in a wide integer and truncated, so that a narrow `Element` wraps around as
        // RxSwift's `&+` does instead of trapping.
        scheduler.schedulePeriodic(UInt64(0), startAfter: dueTime, period: period) { tick in
            self.serializedNext(Element(truncatingIfNeeded: tick))
            return tick &+ 1
        }
    }
}

final private class TimerOneOffSink<Element: RxAbstractInteger>: Sink<Never, Element> {
    func run(scheduler: SchedulerType, dueTime: RxTimeInterval) -> Disposable {
        scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            self.forwardNext(0)
            self.forwardCompleted()
            self.dispose()
            return Disposables.create()
        }
    }
}

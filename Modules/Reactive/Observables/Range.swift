extension ObservableType where Element: RxAbstractInteger {
    /// `count` consecutive integers from `start`, then completion.
    @inlinable
    public static func range(
        start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        precondition(count >= 0, "count can't be negative")
        // One producer counts in `Int`; other integer types are its offsets converted. Inlined into
        // the caller, the test below is decided at compile time.
        if let start = start as? Int {
            return Observable.makeRange(start: start, count: Int(count), scheduler: scheduler) as! Observable<Element>
        }
        return Observable.makeRange(start: 0, count: Int(count), scheduler: scheduler).map { offset in start + Element(offset) }
    }
}

/// The integer types `range`, `interval` and `timer` count with: RxSwift's `FixedWidthInteger`, and
/// `Sendable`, since a timer's count crosses to its scheduler's thread.
public typealias RxAbstractInteger = FixedWidthInteger & Sendable

extension Observable where Element == Int {
    /// The `count` integers from `start`, then completion.
    @usableFromInline
    static func makeRange(start: Int, count: Int, scheduler: ImmediateSchedulerType) -> Observable<Int> {
        RangeProducer(start: start, count: count, scheduler: scheduler)
    }
}

final private class RangeProducer: Producer<Int> {
    fileprivate let start: Int
    fileprivate let count: Int
    fileprivate let scheduler: ImmediateSchedulerType

    init(start: Int, count: Int, scheduler: ImmediateSchedulerType) {
        self.start = start
        self.count = count
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Int>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = RangeSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

/// Not generic, so the loop is compiled for `Int`: no element closure, no value witnesses per step.
final private class RangeSink: Sink<Never, Int> {
    private let parent: RangeProducer

    init(parent: RangeProducer, observer: ObserverNode<Int>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        // The step holds the bounds itself: reading them through `parent` on every value cost a
        // retain and a release.
        let start = parent.start
        let count = parent.count
        let step: (Int, (Int) -> Void) -> Void = { offset, recurse in
            if offset < count {
                self.forwardNext(start + offset)
                recurse(offset + 1)
            } else {
                self.forwardCompleted()
                self.dispose()
            }
        }
        // Called on the concrete default scheduler, the recursion's loop is compiled for an `Int`
        // state; through the existential it stays generic and copies each offset through value witnesses.
        if parent.scheduler is CurrentThreadScheduler {
            return CurrentThreadScheduler.instance.scheduleRecursive(0, action: step)
        }
        return parent.scheduler.scheduleRecursive(0, action: step)
    }
}

import Synchronization

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
        if parent.scheduler is CurrentThreadScheduler {
            return CurrentThreadScheduler.start(RangeLoop(sink: self, start: start, count: count))
        }
        return parent.scheduler.scheduleRecursive(0) { offset, recurse in
            if offset < count {
                self.forwardNext(start + offset)
                recurse(offset + 1)
            } else {
                self.forwardCompleted()
                self.dispose()
            }
        }
    }
}

/// `range` on the current thread's trampoline: the recursion `scheduleRecursive` runs there
/// (`TrampolineRecursion`), written out for `Int` offsets, so a value costs a comparison, a send
/// and two checks rather than two closure calls.
///
/// As there, after each value the loop stops if the subscription was disposed, and gives way
/// (queues itself again) if the value queued other work on the trampoline, so the order of
/// events is RxSwift's.
final private class RangeLoop: TrampolineLoop {
    private let sink: RangeSink
    private let first: Int
    private let count: Int
    // Touched only on the thread that owns the trampoline, one step at a time.
    @exclusivity(unchecked) private var offset = 0
    private let disposed = Atomic<Bool>(false)
    private let trampoline = Trampoline.current

    init(sink: RangeSink, start: Int, count: Int) {
        self.sink = sink
        first = start
        self.count = count
    }

    var isDisposed: Bool { disposed.load(ordering: .relaxed) }

    func dispose() {
        disposed.store(true, ordering: .relaxed)
    }

    func runFirstStep() {
        if run() { trampoline.enqueue(self) }
    }

    func invoke() -> Bool {
        guard !isDisposed else { return false }
        return run()
    }

    /// Sends values while nothing else waits; true when the next must wait its turn.
    private func run() -> Bool {
        while true {
            guard offset < count else {
                sink.forwardCompleted()
                sink.dispose()
                return false
            }
            let value = first + offset
            offset += 1
            sink.forwardNext(value)
            if isDisposed { return false }
            if !trampoline.isEmpty { return true }
        }
    }
}

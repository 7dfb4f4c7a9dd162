extension ObservableType where Element: RxAbstractInteger {
    /// `count` consecutive integers from `start`, then completion.
    @inlinable
    public static func range(
        start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        precondition(count >= 0, "count can't be negative")
        // Built here, where `Element` is concrete to the caller, so the per-value arithmetic is
        // specialised instead of going through `BinaryInteger`'s witness table.
        return Observable.makeRange(count: Int(count), scheduler: scheduler) { offset in start + Element(offset) }
    }
}

/// The integer types `range` and `interval` count with.
public typealias RxAbstractInteger = BinaryInteger & Sendable

extension Observable {
    /// A sequence of `count` values made by `element(offset)`, then completion.
    @usableFromInline
    static func makeRange(count: Int, scheduler: ImmediateSchedulerType, element: @escaping (Int) -> Element)
    -> Observable<Element> {
        RangeProducer(count: count, scheduler: scheduler, element: element)
    }
}

final private class RangeProducer<Element>: Producer<Element> {
    fileprivate let count: Int
    fileprivate let scheduler: ImmediateSchedulerType
    fileprivate let element: (Int) -> Element

    init(count: Int, scheduler: ImmediateSchedulerType, element: @escaping (Int) -> Element) {
        self.count = count
        self.scheduler = scheduler
        self.element = element
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = RangeSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class RangeSink<Element>: Sink<Never, Element> {
    private let parent: RangeProducer<Element>

    init(parent: RangeProducer<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        // The step holds the count and the element closure itself: reading them through `parent`
        // on every value cost a retain and a release of each.
        let count = parent.count
        let element = parent.element
        let step: (Int, (Int) -> Void) -> Void = { index, recurse in
            if index < count {
                self.forwardNext(element(index))
                recurse(index + 1)
            } else {
                self.forwardCompleted()
                self.dispose()
            }
        }
        // Called on the concrete default scheduler, the recursion's loop is compiled for an `Int`
        // state; through the existential it stays generic and copies each index through value witnesses.
        if parent.scheduler is CurrentThreadScheduler {
            return CurrentThreadScheduler.instance.scheduleRecursive(0, action: step)
        }
        return parent.scheduler.scheduleRecursive(0, action: step)
    }
}

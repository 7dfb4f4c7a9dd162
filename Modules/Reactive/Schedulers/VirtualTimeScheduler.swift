import Foundation

/// A scheduler whose clock moves only when told to: work runs in due-time order, first in first out
/// among equal times, as fast as the processor allows. The base of `TestScheduler` and
/// `HistoricalScheduler`. Drive it from one thread.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType {
    /// A point on this scheduler's clock.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// A span on this scheduler's clock.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private var running = false
    private var currentClock: VirtualTime
    private var queue: VirtualSchedulerQueue<VirtualTime>
    private var nextId = 0
    private let converter: Converter

    /// The current virtual time.
    public var clock: VirtualTime { currentClock }

    /// The current virtual time as a date.
    public var now: RxTime { converter.convertFromVirtualTime(clock) }

    /// A scheduler whose clock starts at `initialClock`.
    public init(initialClock: VirtualTime, converter: Converter) {
        currentClock = initialClock
        self.converter = converter
        queue = VirtualSchedulerQueue(compare: { converter.compareVirtualTime($0, $1) })
    }

    /// Queues `action(state)` to run now (after what is already due now).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Queues `action(state)` to run `dueTime` from now.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = dueTime.added(to: now)
        let absoluteTime = converter.convertToVirtualTime(time)
        let adjustedTime = adjustScheduledTime(absoluteTime)
        return scheduleAbsoluteVirtual(state, time: adjustedTime, action: action)
    }

    /// Queues `action(state)` to run a virtual interval from now.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = converter.offsetVirtualTime(clock, offset: dueTime)
        return scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Queues `action(state)` to run at a virtual time.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let item = VirtualSchedulerItem(action: { action(state) }, time: time, id: nextId)
        nextId += 1
        queue.enqueue(item)
        return item
    }

    /// The time work scheduled for `time` really runs at; subclasses may delay it.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

    /// Runs everything queued, advancing the clock, until the queue is empty or `stop` is called.
    public func start() {
        if running { return }
        running = true
        repeat {
            guard let next = findNext() else { break }
            if converter.compareVirtualTime(next.time, clock).greaterThan {
                currentClock = next.time
            }
            next.invoke()
        } while running
        running = false
    }

    /// Runs everything due up to `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: VirtualTime) {
        if running {
            rxFatalError("Scheduler is already running")
        }
        if converter.compareVirtualTime(virtualTime, clock).lessThen {
            rxFatalError("Can't advance to the past")
        }
        running = true
        repeat {
            guard let next = queue.peek() else { break }
            if converter.compareVirtualTime(next.time, virtualTime).greaterThan { break }
            _ = queue.dequeue()
            if next.isDisposed { continue }
            if converter.compareVirtualTime(next.time, clock).greaterThan {
                currentClock = next.time
            }
            next.invoke()
        } while running
        currentClock = virtualTime
        running = false
    }

    /// Moves the clock forward without running anything.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        let sleepTo = converter.offsetVirtualTime(clock, offset: virtualInterval)
        if converter.compareVirtualTime(sleepTo, clock).lessThen {
            rxFatalError("Can't sleep to the past")
        }
        currentClock = sleepTo
    }

    /// Stops `start` after the current item.
    public func stop() {
        running = false
    }

    private func findNext() -> VirtualSchedulerItem<VirtualTime>? {
        while let front = queue.dequeue() {
            if front.isDisposed { continue }
            return front
        }
        return nil
    }
}

/// One action queued on a virtual-time scheduler.
final class VirtualSchedulerItem<Time>: Cancelable {
    let time: Time
    let id: Int
    private var action: (() -> Disposable)?
    private let disposable = SingleAssignmentDisposable()

    init(action: @escaping () -> Disposable, time: Time, id: Int) {
        self.action = action
        self.time = time
        self.id = id
    }

    var isDisposed: Bool { disposable.isDisposed }

    func invoke() {
        guard let action else { return }
        self.action = nil
        disposable.setDisposable(action())
    }

    func dispose() {
        action = nil
        disposable.dispose()
    }
}

/// A binary min-heap of items ordered by time, then by the order they were queued.
struct VirtualSchedulerQueue<Time> {
    private var heap: [VirtualSchedulerItem<Time>] = []
    private let compare: (Time, Time) -> VirtualTimeComparison

    init(compare: @escaping (Time, Time) -> VirtualTimeComparison) {
        self.compare = compare
    }

    private func precedes(_ lhs: VirtualSchedulerItem<Time>, _ rhs: VirtualSchedulerItem<Time>) -> Bool {
        switch compare(lhs.time, rhs.time) {
        case .lessThan: return true
        case .greaterThan: return false
        case .equal: return lhs.id < rhs.id
        }
    }

    func peek() -> VirtualSchedulerItem<Time>? { heap.first }

    mutating func enqueue(_ item: VirtualSchedulerItem<Time>) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if !precedes(heap[child], heap[parent]) { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func dequeue() -> VirtualSchedulerItem<Time>? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count && precedes(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}

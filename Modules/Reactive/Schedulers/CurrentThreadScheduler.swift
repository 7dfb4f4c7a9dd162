/// Runs work on the current thread: at once when nothing else is running there, otherwise after
/// the work already running finishes (a trampoline), so recursion becomes iteration.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The scheduler.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// Whether a call to `schedule` would start the trampoline (no trampoline runs on this thread).
    public static var isScheduleRequired: Bool {
        !(Trampoline.slot.value?.isRunning ?? false)
    }

    /// Runs `action(state)` now if no trampoline runs on this thread, otherwise queues it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let trampoline = Trampoline.current
        if trampoline.isRunning {
            let item = ScheduledItem(action: action, state: state)
            trampoline.enqueue(item)
            return item
        }
        trampoline.isRunning = true
        defer { trampoline.isRunning = false }
        let disposable = action(state)
        trampoline.drain()
        return disposable
    }

    /// Schedules the first step of `loop` as any other action; disposing the result stops the loop,
    /// at once even from inside one of its steps.
    static func start(_ loop: some TrampolineLoop) -> Disposable {
        let firstStep = instance.schedule(()) { _ in
            loop.runFirstStep()
            return Disposables.create()
        }
        // Disposing must reach the loop itself: a subscriber may stop it from inside a step
        // (`take(2)`), long before the first step returns.
        return Disposables.create(firstStep, loop)
    }

    /// Queues an item on this thread's running trampoline.
    static func enqueue(_ item: TrampolineItem) {
        Trampoline.current.enqueue(item)
    }
}

/// Work queued on a thread's trampoline.
protocol TrampolineItem: AnyObject {
    var isDisposed: Bool { get }
    /// Runs the work; true asks to be queued again, at the end, as it is now.
    func invoke() -> Bool
}

/// Work that runs as a loop on the trampoline (a recursion, `range`): while nothing else waits it
/// runs step after step; when something does, it queues itself again and gives way.
protocol TrampolineLoop: TrampolineItem, Cancelable {
    /// Runs the loop's first step and those after it while nothing else waits, queueing the loop
    /// again if it gave way.
    func runFirstStep()
}

/// One thread's trampoline: a FIFO of items and whether its loop is running.
final class Trampoline {
    static let slot = ThreadLocalSlot<Trampoline>()

    static var current: Trampoline {
        if let trampoline = slot.value { return trampoline }
        let trampoline = Trampoline()
        slot.set(trampoline)
        return trampoline
    }

    // A trampoline belongs to one thread and only that thread touches it: no dynamic exclusivity
    // checks on the per-step path.
    @exclusivity(unchecked) var isRunning = false
    // The queue: a ring buffer of `capacity` slots (a power of two), `count` items from `head`, the
    // other slots nil. Not an array: interleaved sequences re-queue themselves on every step, and
    // an array paid a uniqueness check per append and a move of its contents now and then.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<TrampolineItem?>
    @exclusivity(unchecked) private var capacity = 16
    @exclusivity(unchecked) private var head = 0
    @exclusivity(unchecked) private var count = 0

    init() {
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Queues `item` at the back; the queue takes the reference over.
    func enqueue(_ item: consuming TrampolineItem) {
        if count == capacity { grow() }
        slots[(head &+ count) & (capacity &- 1)] = item
        count &+= 1
    }

    /// Doubles the ring, its items moved to the front in order.
    private func grow() {
        let larger = UnsafeMutablePointer<TrampolineItem?>.allocate(capacity: capacity * 2)
        for index in 0..<count {
            (larger + index).initialize(to: slots[(head + index) & (capacity - 1)].take())
        }
        (larger + count).initialize(repeating: nil, count: capacity * 2 - count)
        slots.deinitialize(count: capacity)
        slots.deallocate()
        slots = larger
        capacity *= 2
        head = 0
    }

    /// Runs queued items in order, including those they queue, until none is left.
    func drain() {
        while count > 0 {
            // Moved out, not copied, and an item queued again goes back with the same reference:
            // no retain and release pair for a recursion's every step.
            let taken = slots[head].take()
            head = (head &+ 1) & (capacity &- 1)
            count &-= 1
            guard let item = consume taken, !item.isDisposed else { continue }
            if item.invoke() { enqueue(item) }
        }
    }
}

/// A queued action with its state; disposing it before it runs cancels it.
final class ScheduledItem<State>: TrampolineItem, Cancelable {
    private let action: (State) -> Disposable
    private let state: State
    private let disposable = SingleAssignmentDisposable()

    init(action: @escaping (State) -> Disposable, state: State) {
        self.action = action
        self.state = state
    }

    var isDisposed: Bool { disposable.isDisposed }

    func invoke() -> Bool {
        disposable.setDisposable(action(state))
        return false
    }

    func dispose() { disposable.dispose() }
}

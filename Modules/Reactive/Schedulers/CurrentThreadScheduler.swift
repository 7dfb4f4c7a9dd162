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
    @exclusivity(unchecked) private var items: [TrampolineItem?] = []
    @exclusivity(unchecked) private var head = 0

    var isEmpty: Bool { head == items.count }

    func enqueue(_ item: TrampolineItem) {
        items.append(item)
    }

    /// Runs queued items in order, including those they queue, until none is left.
    func drain() {
        while head < items.count {
            // Moved out, not copied: the queue's reference becomes this one, with no retain and
            // release pair per step.
            let item = items[head].take()
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1024 && head * 2 >= items.count {
                // Items that re-queue themselves (recursion, interleaved ranges) would otherwise grow
                // the array by one slot per step until the queue empties.
                items.removeFirst(head)
                head = 0
            }
            // An item queued again goes back with the reference just taken out: no retain and
            // release pair for a recursion's every step.
            if let item, !item.isDisposed, item.invoke() { items.append(item) }
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

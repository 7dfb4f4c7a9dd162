import Synchronization

extension ImmediateSchedulerType {
    /// Runs `action`, which may call `recurse` to run itself again with a new state.
    ///
    /// On `CurrentThreadScheduler` each recursion is a step of the trampoline's loop, so a sequence of
    /// any length runs in constant stack and without an allocation per step.
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        if self is CurrentThreadScheduler {
            return CurrentThreadScheduler.start(TrampolineRecursion(state: state, action: action))
        }
        let recursion = RecursiveImmediateScheduler(action: action, scheduler: self)
        recursion.schedule(state)
        return Disposables.create(with: recursion.dispose)
    }
}

extension SchedulerType {
    /// Runs `action` after `dueTime`; it may reschedule itself through the recursive scheduler.
    public func scheduleRecursive<State>(
        _ state: State, dueTime: RxTimeInterval,
        action: @escaping (_ state: State, _ scheduler: AnyRecursiveScheduler<State>) -> Void
    ) -> Disposable {
        let scheduler = AnyRecursiveScheduler(scheduler: self, action: action)
        scheduler.schedule(state, dueTime: dueTime)
        return Disposables.create(with: scheduler.dispose)
    }
}

/// Recursion on the current thread's trampoline: `recurse` queues this object again.
///
/// When nothing else waits in the trampoline, the queued step would be the very next thing the
/// trampoline runs, so the step runs in this loop instead: the same order as RxSwift, without an
/// enqueue, a dequeue and a closure per step.
final class TrampolineRecursion<State>: TrampolineLoop {
    private let action: (State, (State) -> Void) -> Void
    // Touched only on the thread that owns the trampoline, one step at a time.
    private var pending: State
    private var hasPending = false
    private let disposed = Atomic<Bool>(false)
    private let trampoline = Trampoline.current

    init(state: State, action: @escaping (State, (State) -> Void) -> Void) {
        self.action = action
        pending = state
    }

    var isDisposed: Bool { disposed.load(ordering: .relaxed) }

    /// Runs steps from `state` while nothing else waits; true when the next step must wait its turn
    /// (it is kept in `pending`, and this object must be queued).
    func run(_ state: State) -> Bool {
        var current = state
        while true {
            var recursed = false
            action(current) { next in
                current = next
                recursed = true
            }
            guard recursed, !isDisposed else { return false }
            if !trampoline.isEmpty {
                pending = current
                hasPending = true
                return true
            }
        }
    }

    /// Runs the first step, from the state the recursion was made with.
    func runFirstStep() {
        if run(pending) { trampoline.enqueue(self) }
    }

    func invoke() -> Bool {
        guard !isDisposed, hasPending else { return false }
        hasPending = false
        return run(pending)
    }

    func dispose() {
        disposed.store(true, ordering: .relaxed)
    }
}

/// Recursion on any immediate scheduler: each step is scheduled anew; disposal cancels the pending one.
final class RecursiveImmediateScheduler<State, Scheduler: ImmediateSchedulerType> {
    private let lock = Lock()  // never held while an action runs
    private var action: ((State, (State) -> Void) -> Void)?
    private let scheduler: Scheduler
    private var pending: [Int: Disposable] = [:]
    private var nextKey = 0

    init(action: @escaping (State, (State) -> Void) -> Void, scheduler: Scheduler) {
        self.action = action
        self.scheduler = scheduler
    }

    func schedule(_ state: State) {
        let key: Int? = lock.performLocked {
            guard action != nil else { return nil }
            defer { nextKey += 1 }
            return nextKey
        }
        guard let key else { return }
        var ranSynchronously = false  // read and written under `lock`: the action may run on another thread
        let disposable = scheduler.schedule(state) { state in
            self.lock.performLocked {
                ranSynchronously = true
                _ = self.pending.removeValue(forKey: key)
            }
            let action = self.lock.performLocked { self.action }
            action?(state, self.schedule)
            return Disposables.create()
        }
        lock.performLocked {
            if !ranSynchronously && action != nil { pending[key] = disposable }
        }
    }

    func dispose() {
        let toDispose: [Disposable] = lock.performLocked {
            action = nil
            defer { pending.removeAll() }
            return Array(pending.values)
        }
        toDispose.forEach { $0.dispose() }
    }
}

/// The handle a delayed recursive action uses to schedule itself again.
public final class AnyRecursiveScheduler<State> {
    /// The action's signature.
    public typealias Action = (State, AnyRecursiveScheduler<State>) -> Void

    private let lock = Lock()  // never held while an action runs
    private var action: Action?
    private let scheduleRelative: (State, RxTimeInterval, @escaping (State) -> Disposable) -> Disposable
    private let scheduleNow: (State, @escaping (State) -> Disposable) -> Disposable
    private var pending: [Int: Disposable] = [:]
    private var nextKey = 0

    init<Scheduler: SchedulerType>(scheduler: Scheduler, action: @escaping Action) {
        self.action = action
        scheduleRelative = { state, dueTime, body in scheduler.scheduleRelative(state, dueTime: dueTime, action: body) }
        scheduleNow = { state, body in scheduler.schedule(state, action: body) }
    }

    /// Runs the action again after `dueTime`.
    public func schedule(_ state: State, dueTime: RxTimeInterval) {
        schedule(state) { body in self.scheduleRelative(state, dueTime, body) }
    }

    /// Runs the action again as soon as possible.
    public func schedule(_ state: State) {
        schedule(state) { body in self.scheduleNow(state, body) }
    }

    private func schedule(_ state: State, using scheduling: (@escaping (State) -> Disposable) -> Disposable) {
        let key: Int? = lock.performLocked {
            guard action != nil else { return nil }
            defer { nextKey += 1 }
            return nextKey
        }
        guard let key else { return }
        var ranSynchronously = false  // read and written under `lock`: the action may run on another thread
        let disposable = scheduling { state in
            self.lock.performLocked {
                ranSynchronously = true
                _ = self.pending.removeValue(forKey: key)
            }
            let action = self.lock.performLocked { self.action }
            action?(state, self)
            return Disposables.create()
        }
        lock.performLocked {
            if !ranSynchronously && action != nil { pending[key] = disposable }
        }
    }

    /// Stops the recursion and cancels what is pending.
    public func dispose() {
        let toDispose: [Disposable] = lock.performLocked {
            action = nil
            defer { pending.removeAll() }
            return Array(pending.values)
        }
        toDispose.forEach { $0.dispose() }
    }
}

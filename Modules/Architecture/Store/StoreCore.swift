import Dependencies
import Reactive
import Synchronization

/// The root store: the state, the reducer, the middleware chain, the subscribers and the effects.
///
/// Actions are processed one at a time, in the order they were sent, by whichever thread finds the
/// store idle when it sends: that thread becomes the *drainer* and processes its own action, then
/// everything that was queued meanwhile, from any thread. A send made while an action is being
/// processed (by a subscriber, a middleware, an effect, another thread) is queued, never nested, so
/// every subscriber sees every state in order. The reducer runs under `lock` so that state is
/// changed in place; a send from inside the reducer finds the lock held by its own thread and stops.
///
/// The hot path is `@inlinable` so that it is specialised for the app's state and action types:
/// unspecialised, every action would look up generic metadata several times in the runtime.
@usableFromInline
final class StoreCore<State: Sendable, Action: Sendable>: StoreBackend, @unchecked Sendable {
    // @unchecked Sendable: `state`, `queue`, `queueHead`, `draining`, `observers` and `dependencies`
    // are only touched under `lock`. `currentBox` and `currentAction` are only touched by the
    // drainer, the one thread that set `draining` under `lock` (taking and giving up that role under
    // `lock` orders their accesses across threads). `stages` is set in `init`.
    @usableFromInline
    enum Work {
        case action(Action, stage: Int, box: StoreTaskBox?, sender: RunningEffect?)
        case subscribe(StateObserver<State>)
    }

    // Every stored var below is accessed under `lock` or by the drainer alone, and a reducer cannot
    // reach the store (its send or read finds the lock held and stops), so no two accesses can
    // overlap: the runtime exclusivity checks, a third of the cost of an action, are switched off.
    @usableFromInline let lock: Lock
    @usableFromInline @exclusivity(unchecked) var state: State
    @usableFromInline @exclusivity(unchecked) var queue: [Work?] = []
    @usableFromInline @exclusivity(unchecked) var queueHead = 0
    @usableFromInline @exclusivity(unchecked) var draining = false
    /// The subscribers; their list is guarded by `lock`, which is theirs.
    @usableFromInline let observers = StateObservers()
    @usableFromInline @exclusivity(unchecked) var dependencies: DependencyValues
    @usableFromInline @exclusivity(unchecked) var dependenciesAreDefault: Bool

    @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
    /// The middleware steps; stage `stages.count` is the reducer. Set once, at the end of `init`.
    @usableFromInline @exclusivity(unchecked) var stages: [(Action) -> Void] = []
    @usableFromInline @exclusivity(unchecked) var currentBox: StoreTaskBox?
    @usableFromInline @exclusivity(unchecked) var currentAction: Action?

    @usableFromInline let link: StoreLink<State, Action>
    @usableFromInline let effects: EffectRuntime<Action>

    @usableFromInline
    init(
        initialState: State, reducer: @escaping (inout State, Action) -> Effect<Action>,
        makeStages: (StoreCore, StoreLink<State, Action>) -> [(Action) -> Void],
        dependencies: DependencyValues, link: StoreLink<State, Action>
    ) {
        lock = observers.lock
        state = initialState
        self.reducer = reducer
        self.dependencies = dependencies
        dependenciesAreDefault = dependencies.isDefault
        self.link = link
        effects = EffectRuntime { action, box, sender in _ = link.core?.send(action, stage: 0, box: box, sender: sender) }
        stages = makeStages(self, link)
    }

    /// The steps of `middleware`, each given `next` for the step after it.
    @inlinable
    static func makeStages(
        _ middleware: [Middleware<State, Action>], core: StoreCore, link: StoreLink<State, Action>
    ) -> [(Action) -> Void] {
        let dispatch = DispatchFunction<Action> { action in _ = link.core?.send(action, stage: 0, box: nil) }
        let getState: @Sendable () -> State = {
            guard let core = link.core else { fatalError("Middleware read the state of a store that no longer exists.") }
            return core.currentState
        }
        var stages: [(Action) -> Void] = []
        for index in middleware.indices.reversed() {
            let nextStage = index + 1
            // Only dereferenced on the thread that is passing an action through the chain, which is
            // inside the core: the core is alive. Anywhere else `next` goes through the link.
            let next = DispatchFunction<Action> { [unowned core] action in
                if link.isInChainOnThisThread {
                    core.run(stage: nextStage, action)
                } else {
                    _ = link.core?.send(action, stage: nextStage, box: nil)
                }
            }
            stages.insert(middleware[index](dispatch, getState)(next), at: 0)
        }
        return stages
    }

    /// Called by the root `Store` when it goes away: cancels the effects and breaks the cycle.
    func shutdown() {
        effects.all.cancel()
        link.detach()
        // Subscribers that were never disposed hold the list that holds them: let them go.
        observers.removeAll()
    }

    // MARK: State

    @usableFromInline
    var currentState: State {
        guard lock.lockIfNotHeld() else { reducerRead() }
        defer { lock.unlock() }
        return state
    }

    /// The dependencies reducers and effects run with; a test store changes them between steps.
    var dependencyValues: DependencyValues {
        get {
            guard lock.lockIfNotHeld() else { reducerRead() }
            defer { lock.unlock() }
            return dependencies
        }
        set {
            guard lock.lockIfNotHeld() else { reducerRead() }
            dependencies = newValue
            dependenciesAreDefault = newValue.isDefault
            lock.unlock()
        }
    }

    /// Whether actions are waiting or being processed.
    var isProcessing: Bool {
        guard lock.lockIfNotHeld() else { return true }
        defer { lock.unlock() }
        return draining
    }

    // MARK: Sending

    @usableFromInline
    func send(_ action: Action) -> StoreTask {
        send(action, stage: 0, box: nil)
    }

    /// Processes `action` from `stage` of the chain now if the store is idle, else queues it; a
    /// queued action that `sender`, the effect that sent it, is cancelled before it is processed is
    /// dropped.
    @inlinable
    func send(_ action: Action, stage: Int, box: StoreTaskBox?, sender: RunningEffect? = nil) -> StoreTask {
        guard lock.lockIfNotHeld() else { reducerSent(action) }
        if draining {
            let box = box ?? StoreTaskBox()
            box.retain()
            sender?.actionQueued()
            queue.append(.action(action, stage: stage, box: box, sender: sender))
            lock.unlock()
            return StoreTask(box: box)
        }
        draining = true
        lock.unlock()
        // The effect that sent it may have been cancelled by the action the store was reducing
        // while this send began; now that this thread is the drainer, nothing else can cancel it.
        let ownBox = sender?.isCancelled == true ? nil : process(action, stage: stage, box: box)
        drain()
        return StoreTask(box: ownBox)
    }

    @inlinable
    func run(stage: Int, _ action: Action) {
        if stage < stages.count {
            stages[stage](action)
        } else {
            reduce(action)
        }
    }

    /// Runs queued work until the queue is empty, then gives up the drainer role.
    @inlinable
    func drain() {
        while true {
            _ = lock.lockIfNotHeld()
            if queueHead == queue.count {
                if !queue.isEmpty {
                    queue.removeAll(keepingCapacity: true)
                    queueHead = 0
                }
                draining = false
                lock.unlock()
                return
            }
            let work = queue[queueHead].take()!
            queueHead += 1
            lock.unlock()
            switch work {
            case .action(let action, let stage, let box, let sender):
                // An action whose effect was cancelled while it waited is dropped, as that effect's
                // later sends are.
                if sender?.isCancelled != true {
                    _ = process(action, stage: stage, box: box)
                }
                box?.release()
                sender?.queuedActionDone()
            case .subscribe(let observer):
                start(observer)
            }
        }
    }

    /// Passes one action through the chain; returns the task box its effects joined, if any.
    @inlinable
    func process(_ action: Action, stage: Int, box: StoreTaskBox?) -> StoreTaskBox? {
        currentBox = box
        link.chainThread.store(currentThreadID(), ordering: .relaxed)
        run(stage: stage, action)
        link.chainThread.store(0, ordering: .relaxed)
        defer { currentBox = nil }
        return currentBox
    }

    /// The last stage: reduces under the lock, notifies the subscribers, starts the effect.
    ///
    /// The reducer and the effects it starts must see the store's dependencies, whoever sends. They
    /// are installed only when they differ from what the current task would read anyway, which in
    /// an app is almost never: installing task-local values costs more than the rest of an action.
    @inlinable
    func reduce(_ action: Action) {
        _ = lock.lockIfNotHeld()
        if dependenciesAreDefault && DependencyValues.current.isDefault {
            reduceLocked(action)
        } else {
            withDependencyValues(dependencies) { reduceLocked(action) }
        }
    }

    /// Called with `lock` held; releases it.
    @inlinable
    func reduceLocked(_ action: Action) {
        currentAction = action
        let effect = reducer(&state, action)
        currentAction = nil
        if observers.list.isEmpty {
            lock.unlock()
        } else {
            let observers = self.observers.list
            let newState = state
            lock.unlock()
            // A subscriber that calls `next` is not inside the chain: its action is queued.
            let thread = link.chainThread.exchange(0, ordering: .relaxed)
            observers.withUnsafeBufferPointer { observers in
                for observer in observers {
                    // Every entry is a `StateObserver<State>`: the list is not generic (see `StateObservers`).
                    unsafeDowncast(observer, to: StateObserver<State>.self).deliver(newState)
                }
            }
            link.chainThread.store(thread, ordering: .relaxed)
        }
        if effect.isNone { return }
        if currentBox == nil { currentBox = StoreTaskBox() }
        effects.run(effect, box: currentBox)
    }

    @usableFromInline
    func reducerSent(_ action: Action) -> Never {
        fatalError(
            "Store.send(\(action)) was called from inside the reducer while it was reducing "
                + "\(describe(currentAction)). A reducer must not send actions: return .send(action) as its effect instead.")
    }

    @usableFromInline
    func reducerRead() -> Never {
        fatalError(
            "The store was read from inside its reducer while it was reducing \(describe(currentAction)). "
                + "A reducer receives the state as its argument.")
    }

    private func describe(_ action: Action?) -> String {
        action.map { "\($0)" } ?? "an action"
    }

    // MARK: Subscribers

    // Inlinable, as the rest of the path from `Store.states`: unspecialised, a subscription looked
    // up the generic metadata of each type it made or touched in the runtime, most of its cost.
    @inlinable
    func observe(_ deliver: @escaping (State) -> Void) -> Disposable {
        let observer = StateObserver(deliver, observers)
        guard lock.lockIfNotHeld() else { reducerRead() }
        if draining {
            // The drainer delivers the state once it is between two actions, so no later state can
            // overtake this one.
            queue.append(.subscribe(observer))
            lock.unlock()
        } else {
            draining = true
            lock.unlock()
            start(observer)
            drain()
        }
        return observer
    }

    /// Adds `observer` and gives it the state now; called by the drainer.
    @inlinable
    func start(_ observer: StateObserver<State>) {
        _ = lock.lockIfNotHeld()
        if observer.isDisposed {
            lock.unlock()
            return
        }
        observers.list.append(observer)
        let current = state
        lock.unlock()
        observer.deliver(current)
    }
}

/// The subscribers to a store's states, and the store's lock, which guards their list.
///
/// Not generic, so that ending a subscription (a screen going away) reaches the list without the
/// store and asks the runtime for no generic metadata: through the store's generic code, a
/// subscribe and unsubscribe cost about twenty metadata lookups.
@usableFromInline
final class StateObservers: @unchecked Sendable {  // `list` is only touched under `lock`
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var list: ContiguousArray<AnyStateObserver> = []

    @usableFromInline
    init() {}

    /// Removes `observer` if it is still here; released once the lock is given back, since its
    /// closure's captures may run user code as they go.
    func remove(_ observer: AnyStateObserver) {
        guard lock.lockIfNotHeld() else {
            fatalError(
                "A subscription to the store's states was disposed from inside its reducer. "
                    + "A reducer must not touch the store: return an effect instead.")
        }
        var removed: AnyStateObserver?
        if let index = list.lastIndex(where: { $0 === observer }) { removed = list.remove(at: index) }
        lock.unlock()
        withExtendedLifetime(removed) {}
    }

    /// Removes every subscriber, as the store goes.
    func removeAll() {
        _ = lock.lockIfNotHeld()
        let removed = list
        list = []
        lock.unlock()
        withExtendedLifetime(removed) {}
    }
}

/// A subscriber to a store's states, without its state type: what `StateObservers` lists. It is
/// also its own subscription: disposing it takes it off the list, which it holds (not the store,
/// so that it neither keeps the store alive nor needs it to end).
@usableFromInline
class AnyStateObserver: Disposable {
    @usableFromInline let disposed = Atomic<Bool>(false)
    private let observers: StateObservers

    @usableFromInline
    init(_ observers: StateObservers) {
        self.observers = observers
    }

    @inlinable
    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @usableFromInline
    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
        observers.remove(self)
    }
}

/// A subscriber to a store's states; only the store's drainer calls it.
@usableFromInline
final class StateObserver<State>: AnyStateObserver {
    @usableFromInline let deliverState: (State) -> Void

    @inlinable
    init(_ deliver: @escaping (State) -> Void, _ observers: StateObservers) {
        deliverState = deliver
        super.init(observers)
    }

    @inlinable
    func deliver(_ state: State) {
        if disposed.load(ordering: .relaxed) { return }
        deliverState(state)
    }
}

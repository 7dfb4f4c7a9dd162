import Dependencies
import Reactive

/// Holds a feature's state, runs its reducer for each action and the effects the reducer returns.
///
/// Thread-safe: send from any thread; actions are processed one at a time in the order sent. A
/// send made while an action is being processed is queued, not nested, so subscribers see every
/// state in order. Subscribers and middleware run on the thread that processes the action (use
/// `observe(on:)` to move to another). The reducer runs with the store's dependencies: those in
/// effect when the store was created, changed by `withDependencies`. When the store (and every
/// store scoped from it) goes away, its running effects are cancelled.
public final class Store<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let backend: any StoreBackend<State, Action>
    /// The core of a root store; nil for a scoped store.
    @usableFromInline let core: StoreCore<State, Action>?

    /// A store with `reducer`, starting at `initialState`; actions pass through `middleware`, in
    /// order, before they reach the reducer.
    @inlinable
    public convenience init<R: Reducer>(
        initialState: State, reducer: sending R, middleware: sending [Middleware<State, Action>] = []
    ) where R.State == State, R.Action == Action {
        self.init(initialState: initialState, reducer: reducer, middleware: middleware, dependencies: DependencyValues.current)
    }

    /// A store with the reducer built by `reducer`, and dependencies changed by `prepareDependencies`.
    @inlinable
    public convenience init<R: Reducer>(
        initialState: State, middleware: sending [Middleware<State, Action>] = [],
        @ReducerBuilder<State, Action> reducer: () -> sending R,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
    ) where R.State == State, R.Action == Action {
        var values = DependencyValues.current
        prepareDependencies(&values)
        self.init(initialState: initialState, reducer: reducer(), middleware: middleware, dependencies: values)
    }

    /// A root store running with exactly `dependencies`.
    @inlinable
    package convenience init<R: Reducer>(
        initialState: State, reducer: sending R, middleware: sending [Middleware<State, Action>],
        dependencies: DependencyValues
    ) where R.State == State, R.Action == Action {
        // The closures are made here, in inlinable code, so they are specialised for the app's types.
        // They capture constants: a captured `sending` parameter is a variable, checked for
        // exclusive access on every action.
        let reducer = reducer
        let middleware = middleware
        let link = StoreLink<State, Action>()
        let core = StoreCore(
            initialState: initialState, reducer: { reducer.reduce(into: &$0, action: $1) },
            makeStages: { StoreCore.makeStages(middleware, core: $0, link: $1) }, dependencies: dependencies, link: link)
        link.attach(core)
        self.init(core: core)
    }

    @usableFromInline
    init(core: StoreCore<State, Action>) {
        self.core = core
        backend = core
    }

    init(backend: any StoreBackend<State, Action>) {
        self.backend = backend
        core = nil
    }

    deinit {
        core?.shutdown()
    }

    /// The state now.
    @inlinable
    public var state: State {
        if let core { return core.currentState }
        return backend.currentState
    }

    /// Sends an action: processes it now if the store is idle (then whatever was queued meanwhile),
    /// else queues it. The task tracks the effects it started.
    @inlinable @discardableResult
    public func send(_ action: Action) -> StoreTask {
        if let core { return core.send(action, stage: 0, box: nil) }
        return backend.send(action)
    }

    /// `send` as a function, for another face of the store in this package: for a root store it
    /// holds the core, so sending does not go through the store to it (a retain and a release of
    /// the core per action).
    @inlinable
    package var sendFunction: @Sendable (Action) -> Void {
        if let core { return { action in _ = core.send(action, stage: 0, box: nil) } }
        let backend = self.backend
        return { action in _ = backend.send(action) }
    }

    /// The lock a root store holds while, and only while, it runs its reducer (nil for a scoped
    /// store): the thread holding it is reducing.
    @inlinable
    package var reducerLock: Lock? {
        core?.lock
    }
}

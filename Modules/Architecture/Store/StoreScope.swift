import Reactive

extension Store {
    /// A store for a part of this one: its state is `toChildState` of this state, its actions are
    /// sent here embedded by `toChildAction`. It shares this store's queue, effects and subscribers.
    public func scope<ChildState: Sendable, ChildAction: Sendable>(
        state toChildState: KeyPath<State, ChildState> & Sendable, action toChildAction: CasePath<Action, ChildAction>
    ) -> Store<ChildState, ChildAction> {
        scope(state: { $0[keyPath: toChildState] }, action: toChildAction.embed)
    }

    /// A store for a part of this one, with its state read by `toChildState` and its actions
    /// embedded by `fromChildAction` (a case constructor such as `Action.signIn`).
    public func scope<ChildState: Sendable, ChildAction: Sendable>(
        state toChildState: @escaping @Sendable (State) -> ChildState,
        action fromChildAction: @escaping @Sendable (ChildAction) -> Action
    ) -> Store<ChildState, ChildAction> {
        Store<ChildState, ChildAction>(
            backend: ScopedBackend(parent: self, toState: toChildState, fromAction: fromChildAction))
    }
}

/// A view of a parent store through a state projection and an action embedding; it keeps the
/// parent store, and so the root store and its effects, alive.
final class ScopedBackend<ParentState: Sendable, ParentAction: Sendable, State: Sendable, Action: Sendable>: StoreBackend {
    private let parent: Store<ParentState, ParentAction>
    private let toState: @Sendable (ParentState) -> State
    private let fromAction: @Sendable (Action) -> ParentAction

    init(
        parent: Store<ParentState, ParentAction>, toState: @escaping @Sendable (ParentState) -> State,
        fromAction: @escaping @Sendable (Action) -> ParentAction
    ) {
        self.parent = parent
        self.toState = toState
        self.fromAction = fromAction
    }

    var currentState: State { toState(parent.state) }

    func send(_ action: Action) -> StoreTask {
        parent.send(fromAction(action))
    }

    func observe(_ deliver: @escaping (State) -> Void) -> Disposable {
        let toState = self.toState
        return parent.backend.observe { deliver(toState($0)) }
    }
}

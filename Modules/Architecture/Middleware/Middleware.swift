/// Sends an action into the store, from anywhere, at any time: what middleware calls `dispatch`
/// and `next`. Call it like a function: `dispatch(.success(users))`.
///
/// A struct rather than a function type: a generic function value crossing into a middleware item
/// is re-wrapped (a heap allocation) on every call; a struct is passed as it is.
public struct DispatchFunction<Action>: Sendable {
    /// The function itself: another face of the store in this package passes it on as its own
    /// kind of dispatch function, with no closure around it.
    @usableFromInline package let send: @Sendable (Action) -> Void

    /// A dispatch function that calls `send`; tests use it to record what an item dispatches.
    @inlinable
    public init(_ send: @escaping @Sendable (Action) -> Void) {
        self.send = send
    }

    /// Sends `action`.
    @inlinable
    public func callAsFunction(_ action: Action) {
        send(action)
    }
}

/// ReSwift's middleware: given the store's `dispatch` and `getState`, and the `next` step of the
/// chain, returns the step that handles each action.
///
/// Each action goes through the middleware in order, then the reducer. A step may pass the action
/// on with `next(action)`, pass another action instead (transform), not call `next` at all
/// (swallow), or call `next` later, from async work (the action then resumes at the next step
/// once the store is free). `dispatch` sends a new action through the whole chain; it is queued
/// until the current action has been reduced and its subscribers notified, never nested.
/// Steps run on whichever thread is processing the store's actions, one action at a time.
public typealias Middleware<State, Action> = (
    _ dispatch: DispatchFunction<Action>, _ getState: @escaping @Sendable () -> State
) -> (_ next: DispatchFunction<Action>) -> (Action) -> Void

/// One side effect in the shape of the ReSwift middleware tutorial: it sees every action, reacts to the ones it handles
/// (typically a `.request`), and dispatches the outcome (`.success`, `.failure`). Services are
/// injected by wrapping it: `func fetchUsers(dataService: DataService) -> MiddlewareItem<Action>`.
public typealias MiddlewareItem<Action> = (_ action: Action, _ dispatch: DispatchFunction<Action>) -> Void

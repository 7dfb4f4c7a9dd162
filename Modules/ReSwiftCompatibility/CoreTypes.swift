/// Sends an action through the store's middleware, then its reducer. Sendable, so that async work
/// a middleware started can dispatch its outcome from whichever thread it ends on.
public typealias DispatchFunction = @Sendable (Action) -> Void

/// A pure function from an action and the current state (nil before the first action, when the
/// store was created without a state) to the next state.
public typealias Reducer<ReducerStateType> = (_ action: Action, _ state: ReducerStateType?) -> ReducerStateType

/// Code that sees each action before the reducer: given the store's `dispatch` and `getState`, and
/// the `next` step of the chain, returns the step that handles each action.
///
/// A step may call `next(action)`, call it with another action, not call it (the action is
/// swallowed), or call it later from async work. `dispatch` starts a new action at the top of the
/// chain. `getState` is nil only while the store's initial `ReSwiftInit` is on its way to the
/// reducer. The step itself need not be sendable: the store calls it one action at a time.
public typealias Middleware<State> = (
    _ dispatch: @escaping DispatchFunction, _ getState: @escaping @Sendable () -> State?
) -> (_ next: @escaping DispatchFunction) -> (Action) -> Void

/// A store that actions can be dispatched to, whatever its state.
public protocol DispatchingStoreType {
    /// Sends `action` through the store's middleware and reducer.
    func dispatch(_ action: Action)
}

/// A store: a state, changed only by dispatching actions, that subscribers are told about.
public protocol StoreType: DispatchingStoreType {
    /// The type of the whole state.
    associatedtype State

    /// The state now; nil only while the initial `ReSwiftInit` is on its way to the reducer.
    var state: State! { get }

    /// The function `dispatch(_:)` calls.
    var dispatchFunction: DispatchFunction! { get }

    /// Subscribes `subscriber` to every state, starting with the current one.
    func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State

    /// Subscribes `subscriber` to what `transform` makes of the states (a part of them, some of them).
    func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState

    /// Subscribes `subscriber` to what `transform` makes of the states; when the store skips
    /// repeats automatically, a selected value equal to the one before is not delivered.
    func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState

    /// Ends the subscription of `subscriber`; it receives no further state.
    func unsubscribe(_ subscriber: AnyStoreSubscriber)
}

import Reactive

/// What a `Store` talks to: the root store's core, or a view of a parent store for a scoped store.
@usableFromInline
protocol StoreBackend<State, Action>: AnyObject, Sendable {
    associatedtype State: Sendable
    associatedtype Action: Sendable

    /// The state now.
    var currentState: State { get }
    /// Sends an action.
    func send(_ action: Action) -> StoreTask
    /// Calls `deliver` with the state now, then after every action, until disposed.
    func observe(_ deliver: @escaping (State) -> Void) -> Disposable
}

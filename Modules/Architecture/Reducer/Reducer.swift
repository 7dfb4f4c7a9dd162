/// A feature's logic: how an action changes the state, and which effect it starts.
///
/// Implement `reduce(into:action:)`, or compose other reducers in `body` (one of the two). A reducer
/// must be pure apart from its effect: the store holds its lock while a reducer runs, and a reducer
/// that sends to the store stops the program.
public protocol Reducer<State, Action> {
    /// The state the reducer changes.
    associatedtype State: Sendable
    /// The actions it handles.
    associatedtype Action: Sendable
    /// The reducer that `body` composes; `Never` for a reducer that implements `reduce` itself.
    associatedtype Body = Never

    /// Changes `state` for `action` and returns the effect to run afterwards.
    func reduce(into state: inout State, action: Action) -> Effect<Action>

    /// The reducers this one is made of, run in order.
    @ReducerBuilder<State, Action>
    var body: Body { get }
}

extension Reducer where Body == Never {
    /// A reducer that implements `reduce` has no body.
    public var body: Body {
        fatalError("\(Self.self) implements reduce(into:action:) and has no body.")
    }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
    /// Runs `body`.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body.reduce(into: &state, action: action)
    }
}

/// A reducer that changes nothing and starts nothing.
public struct EmptyReducer<State: Sendable, Action: Sendable>: Reducer {
    /// The empty reducer.
    @inlinable
    public init() {}

    /// Does nothing.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

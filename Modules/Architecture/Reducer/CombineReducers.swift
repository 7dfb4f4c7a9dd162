/// Groups reducers so that they can be treated as one, e.g. to apply `ifLet` to all of them.
public struct CombineReducers<State: Sendable, Action: Sendable, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
    @usableFromInline let reducers: Reducers

    /// The reducers listed in `build`, run in order with their effects merged.
    @inlinable
    public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
        reducers = build()
    }

    /// Runs the grouped reducers.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        reducers.reduce(into: &state, action: action)
    }
}

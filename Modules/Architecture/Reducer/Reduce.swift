/// A reducer made from a closure: `Reduce { state, action in ... }`.
public struct Reduce<State: Sendable, Action: Sendable>: Reducer {
    @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

    /// A reducer that runs `reduce`.
    @inlinable
    public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
        self.reduce = reduce
    }

    /// A reducer that runs `reducer`, erasing its type.
    @inlinable
    public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
        self.reduce = { reducer.reduce(into: &$0, action: $1) }
    }

    /// Runs the closure.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        reduce(&state, action)
    }
}

/// Builds a reducer from the reducers listed in a closure: they run in order, on the same action,
/// and their effects are merged. `if`, `if`/`else`, `switch` and `for` work as in other builders.
@resultBuilder
public enum ReducerBuilder<State: Sendable, Action: Sendable> {
    /// A reducer listed in the closure.
    @inlinable
    public static func buildExpression<R: Reducer>(_ reducer: R) -> R where R.State == State, R.Action == Action {
        reducer
    }

    /// An empty closure: the empty reducer.
    @inlinable
    public static func buildBlock() -> EmptyReducer<State, Action> {
        EmptyReducer()
    }

    /// The first reducer of the list.
    @inlinable
    public static func buildPartialBlock<R: Reducer>(first: R) -> R where R.State == State, R.Action == Action {
        first
    }

    /// The reducers so far, then `next`.
    @inlinable
    public static func buildPartialBlock<R0: Reducer, R1: Reducer>(accumulated: R0, next: R1) -> Pair<R0, R1>
    where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
        Pair(accumulated, next)
    }

    /// An `if` without `else`.
    @inlinable
    public static func buildOptional<R: Reducer>(_ wrapped: R?) -> IfPresent<R> where R.State == State, R.Action == Action {
        IfPresent(wrapped: wrapped)
    }

    /// The first branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither<First: Reducer, Second: Reducer>(first: First) -> Either<First, Second>
    where First.State == State, First.Action == Action, Second.State == State, Second.Action == Action {
        .first(first)
    }

    /// The second branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither<First: Reducer, Second: Reducer>(second: Second) -> Either<First, Second>
    where First.State == State, First.Action == Action, Second.State == State, Second.Action == Action {
        .second(second)
    }

    /// The reducers of a `for` loop.
    @inlinable
    public static func buildArray<R: Reducer>(_ reducers: [R]) -> Loop<R> where R.State == State, R.Action == Action {
        Loop(reducers: reducers)
    }

    /// A reducer inside `if #available`, with its type erased.
    @inlinable
    public static func buildLimitedAvailability<R: Reducer>(_ wrapped: R) -> Reduce<State, Action>
    where R.State == State, R.Action == Action {
        Reduce(wrapped)
    }

    /// Two reducers run one after the other; their effects are merged.
    public struct Pair<R0: Reducer, R1: Reducer>: Reducer
    where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
        @usableFromInline let first: R0
        @usableFromInline let second: R1

        @inlinable
        init(_ first: R0, _ second: R1) {
            self.first = first
            self.second = second
        }

        /// Runs the reducer(s) for `action`.
        @inlinable
        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            let firstEffect = first.reduce(into: &state, action: action)
            return firstEffect.merge(with: second.reduce(into: &state, action: action))
        }
    }

    /// A reducer included by an `if` without `else`.
    public struct IfPresent<Wrapped: Reducer>: Reducer where Wrapped.State == State, Wrapped.Action == Action {
        @usableFromInline let wrapped: Wrapped?

        @inlinable
        init(wrapped: Wrapped?) {
            self.wrapped = wrapped
        }

        /// Runs the reducer(s) for `action`.
        @inlinable
        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            wrapped?.reduce(into: &state, action: action) ?? .none
        }
    }

    /// One of the two branches of an `if`/`else` or a `switch`.
    public enum Either<First: Reducer, Second: Reducer>: Reducer
    where First.State == State, First.Action == Action, Second.State == State, Second.Action == Action {
        case first(First)
        case second(Second)

        /// Runs the reducer(s) for `action`.
        @inlinable
        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch self {
            case .first(let first): first.reduce(into: &state, action: action)
            case .second(let second): second.reduce(into: &state, action: action)
            }
        }
    }

    /// The reducers of a `for` loop, run in order.
    public struct Loop<Element: Reducer>: Reducer where Element.State == State, Element.Action == Action {
        @usableFromInline let reducers: [Element]

        @inlinable
        init(reducers: [Element]) {
            self.reducers = reducers
        }

        /// Runs the reducer(s) for `action`.
        @inlinable
        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            .merge(reducers.map { $0.reduce(into: &state, action: action) })
        }
    }
}

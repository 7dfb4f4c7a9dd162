import Dependencies

extension Reducer {
    /// Adds a child reducer that runs on the optional state at `toWrappedState` while it is not nil.
    ///
    /// The child runs before this reducer, as a parent reacts to what its child did. When this
    /// reducer sets the child state to nil, or replaces an `Identifiable` child with one of another
    /// id, the effects the child started are cancelled. A child action that arrives while the state
    /// is nil is reported as an issue.
    @inlinable
    public func ifLet<WrappedState: Sendable, WrappedAction: Sendable, Wrapped: Reducer>(
        _ toWrappedState: WritableKeyPath<State, WrappedState?>, action toWrappedAction: CasePath<Action, WrappedAction>,
        @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> IfLetReducer<Self, Wrapped> where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
        IfLetReducer(
            parent: self, child: wrapped(), toChildState: toWrappedState, toChildAction: toWrappedAction,
            location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// `ifLet` for the action case built by `action`.
    @inlinable
    public func ifLet<WrappedState: Sendable, WrappedAction: Sendable, Wrapped: Reducer>(
        _ toWrappedState: WritableKeyPath<State, WrappedState?>, action: @escaping @Sendable (WrappedAction) -> Action,
        @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> IfLetReducer<Self, Wrapped> where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
        ifLet(toWrappedState, action: CasePath(action), then: wrapped, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// A parent reducer with a child that runs on optional state; see `Reducer.ifLet`.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
    @usableFromInline let parent: Parent
    @usableFromInline let child: Child
    @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
    @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
    @usableFromInline let location: IssueLocation

    @usableFromInline
    init(
        parent: Parent, child: Child, toChildState: WritableKeyPath<Parent.State, Child.State?>,
        toChildAction: CasePath<Parent.Action, Child.Action>, location: IssueLocation
    ) {
        self.parent = parent
        self.child = child
        self.toChildState = toChildState
        self.toChildAction = toChildAction
        self.location = location
    }

    /// Runs the child (while its state exists), then the parent; cancels the child's effects when
    /// the parent removed its state or put another child in its place.
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        let childEffect = reduceChild(into: &state, action: action)
        let childBefore = state[keyPath: toChildState].map { NavigationID(location, child: $0) }
        let parentEffect = parent.reduce(into: &state, action: action)
        let effects = childEffect.merge(with: parentEffect)
        guard let childBefore, childBefore != state[keyPath: toChildState].map({ NavigationID(location, child: $0) }) else {
            return effects
        }
        return effects.merge(with: .cancel(id: childBefore))
    }

    private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        guard let childAction = toChildAction.extract(action) else { return .none }
        guard state[keyPath: toChildState] != nil else {
            reportIssue(
                "An ifLet at \(location) received a child action when the child state was nil. Action: \(action).",
                at: location)
            return .none
        }
        let effect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
        return effect.map(toChildAction.embed).cancellable(id: NavigationID(location, child: state[keyPath: toChildState]!))
    }
}

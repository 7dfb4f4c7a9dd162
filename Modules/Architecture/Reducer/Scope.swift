import Dependencies

/// Runs a child reducer on a part of the parent's state, for the parent's actions that carry a
/// child action; the child's effects are mapped back to parent actions.
///
/// The part is a stored property (a key path) or the value of one case of an enum state (a case path).
public struct Scope<ParentState: Sendable, ParentAction: Sendable, Child: Reducer>: Reducer {
    @usableFromInline
    enum StatePath {
        case keyPath(WritableKeyPath<ParentState, Child.State>)
        case casePath(CasePath<ParentState, Child.State>)
    }

    @usableFromInline let toChildState: StatePath
    @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
    @usableFromInline let child: Child
    @usableFromInline let location: IssueLocation

    /// A child that owns the parent's property at `state`.
    @inlinable
    public init<ChildState, ChildAction>(
        state: WritableKeyPath<ParentState, ChildState>, action: CasePath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where ChildState == Child.State, ChildAction == Child.Action {
        toChildState = .keyPath(state)
        toChildAction = action
        self.child = child()
        location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A child that runs while the parent's enum state holds the case at `state`.
    @inlinable
    public init<ChildState, ChildAction>(
        state: CasePath<ParentState, ChildState>, action: CasePath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where ChildState == Child.State, ChildAction == Child.Action {
        toChildState = .casePath(state)
        toChildAction = action
        self.child = child()
        location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A child that owns the property at `state`, for the parent action case built by `action`.
    @inlinable
    public init<ChildState, ChildAction>(
        state: WritableKeyPath<ParentState, ChildState>, action: @escaping @Sendable (ChildAction) -> ParentAction,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where ChildState == Child.State, ChildAction == Child.Action {
        self.init(state: state, action: CasePath(action), child: child, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A child for the enum state case built by `state` and the action case built by `action`:
    /// `Scope(state: State.signIn, action: Action.signIn) { SignIn() }`.
    @inlinable
    public init<ChildState, ChildAction>(
        state: @escaping @Sendable (ChildState) -> ParentState, action: @escaping @Sendable (ChildAction) -> ParentAction,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where ChildState == Child.State, ChildAction == Child.Action {
        self.init(
            state: CasePath(state), action: CasePath(action), child: child, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Runs the child for a child action; other actions pass untouched.
    @inlinable
    public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
        guard let childAction = toChildAction.extract(action) else { return .none }
        switch toChildState {
        case .keyPath(let keyPath):
            return child.reduce(into: &state[keyPath: keyPath], action: childAction).map(toChildAction.embed)
        case .casePath(let casePath):
            guard var childState = casePath.extract(state) else {
                reportIssue(
                    "A Scope at \(location) received a child action when the parent state held another case. "
                        + "Action: \(action). State: \(state).",
                    at: location)
                return .none
            }
            let effect = child.reduce(into: &childState, action: childAction)
            state = casePath.embed(childState)
            return effect.map(toChildAction.embed)
        }
    }
}

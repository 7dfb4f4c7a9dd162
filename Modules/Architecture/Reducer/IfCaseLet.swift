import Dependencies

extension Reducer {
    /// Adds a child reducer that runs while the enum state holds the case at `toCaseState`.
    ///
    /// The child runs before this reducer. When this reducer moves the state to another case, or
    /// puts an `Identifiable` child of another id in the case, the effects the child started are
    /// cancelled. A child action that arrives while the state holds another case is reported as an issue.
    @inlinable
    public func ifCaseLet<CaseState: Sendable, CaseAction: Sendable, Case: Reducer>(
        _ toCaseState: CasePath<State, CaseState>, action toCaseAction: CasePath<Action, CaseAction>,
        @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> IfCaseLetReducer<Self, Case> where Case.State == CaseState, Case.Action == CaseAction {
        IfCaseLetReducer(
            parent: self, child: child(), toChildState: toCaseState, toChildAction: toCaseAction,
            location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// `ifCaseLet` for the state case built by `state` and the action case built by `action`.
    @inlinable
    public func ifCaseLet<CaseState: Sendable, CaseAction: Sendable, Case: Reducer>(
        _ toCaseState: @escaping @Sendable (CaseState) -> State, action toCaseAction: @escaping @Sendable (CaseAction) -> Action,
        @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> IfCaseLetReducer<Self, Case> where Case.State == CaseState, Case.Action == CaseAction {
        ifCaseLet(
            CasePath(toCaseState), action: CasePath(toCaseAction), then: child, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }
}

/// A parent reducer with a child that runs on one case of an enum state; see `Reducer.ifCaseLet`.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
    @usableFromInline let parent: Parent
    @usableFromInline let child: Child
    @usableFromInline let toChildState: CasePath<Parent.State, Child.State>
    @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
    @usableFromInline let location: IssueLocation

    @usableFromInline
    init(
        parent: Parent, child: Child, toChildState: CasePath<Parent.State, Child.State>,
        toChildAction: CasePath<Parent.Action, Child.Action>, location: IssueLocation
    ) {
        self.parent = parent
        self.child = child
        self.toChildState = toChildState
        self.toChildAction = toChildAction
        self.location = location
    }

    /// Runs the child (while the state holds its case), then the parent; cancels the child's
    /// effects when the parent moved the state to another case or put another child in it.
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        let childEffect = reduceChild(into: &state, action: action)
        let childBefore = toChildState.extract(state).map { NavigationID(location, child: $0) }
        let parentEffect = parent.reduce(into: &state, action: action)
        let effects = childEffect.merge(with: parentEffect)
        guard let childBefore, childBefore != toChildState.extract(state).map({ NavigationID(location, child: $0) }) else {
            return effects
        }
        return effects.merge(with: .cancel(id: childBefore))
    }

    private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        guard let childAction = toChildAction.extract(action) else { return .none }
        guard var childState = toChildState.extract(state) else {
            reportIssue(
                "An ifCaseLet at \(location) received a child action when the state held another case. "
                    + "Action: \(action). State: \(state).",
                at: location)
            return .none
        }
        let effect = child.reduce(into: &childState, action: childAction)
        state = toChildState.embed(childState)
        return effect.map(toChildAction.embed).cancellable(id: NavigationID(location, child: childState))
    }
}

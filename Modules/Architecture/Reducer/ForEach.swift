import Dependencies

extension Reducer {
    /// Adds a child reducer that runs on each element of the identified array at `toElements`, for
    /// the actions that carry an element's identifier.
    ///
    /// The element runs before this reducer. When this reducer removes an element, the effects that
    /// element started are cancelled. An action for an identifier that is not in the array is
    /// reported as an issue.
    @inlinable
    public func forEach<ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable, Element: Reducer>(
        _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
        action toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
        @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ForEachReducer<Self, ID, Element> where Element.State == ElementState, Element.Action == ElementAction {
        ForEachReducer(
            parent: self, element: element(), toElements: toElements, toElementAction: toElementAction,
            location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// `forEach` for the action case built by `action`.
    @inlinable
    public func forEach<ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable, Element: Reducer>(
        _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
        action: @escaping @Sendable (IdentifiedAction<ID, ElementAction>) -> Action,
        @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ForEachReducer<Self, ID, Element> where Element.State == ElementState, Element.Action == ElementAction {
        forEach(toElements, action: CasePath(action), element: element, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// A parent reducer with a child reducer for each element of a collection; see `Reducer.forEach`.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
    @usableFromInline let parent: Parent
    @usableFromInline let element: Element
    @usableFromInline let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
    @usableFromInline let toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
    @usableFromInline let location: IssueLocation

    @usableFromInline
    init(
        parent: Parent, element: Element, toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
        toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>, location: IssueLocation
    ) {
        self.parent = parent
        self.element = element
        self.toElements = toElements
        self.toElementAction = toElementAction
        self.location = location
    }

    /// Runs the element's reducer for an element action, then the parent; cancels the effects of
    /// elements the parent removed.
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        let elementEffect = reduceElement(into: &state, action: action)
        let idsBefore = state[keyPath: toElements].ids
        let parentEffect = parent.reduce(into: &state, action: action)
        let effects = elementEffect.merge(with: parentEffect)
        let idsAfter = state[keyPath: toElements].ids
        guard idsAfter != idsBefore else { return effects }
        let remaining = Set(idsAfter)
        let removed = idsBefore.filter { !remaining.contains($0) }
        return effects.merge(with: .cancel(ids: removed.map { NavigationID(location, identity: EffectID($0)) }))
    }

    private func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        guard case .element(let id, let elementAction)? = toElementAction.extract(action) else { return .none }
        guard state[keyPath: toElements][id: id] != nil else {
            reportIssue(
                "A forEach at \(location) received an action for a missing element. Action: \(action).",
                at: location)
            return .none
        }
        let embed = toElementAction.embed
        return element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction)
            .map { embed(.element(id: id, action: $0)) }
            .cancellable(id: NavigationID(location, identity: EffectID(id)))
    }
}

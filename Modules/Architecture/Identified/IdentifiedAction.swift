/// An action for one element of an identified collection: the element's identifier and its action.
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
    /// `action` for the element with identifier `id`.
    case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}

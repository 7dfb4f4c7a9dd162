import Dependencies

/// The cancellation identifier of the effects a child started through `ifLet`, `ifCaseLet` or
/// `forEach`: the call site of the operator (stable however often `body` is rebuilt) and the
/// child's identity — the element's id for `forEach`, the state's `id` for an `Identifiable` child
/// of `ifLet`/`ifCaseLet`. Cancelled when that child goes away or another one takes its place.
struct NavigationID: Hashable, Sendable {
    let fileID: String
    let line: UInt
    let column: UInt
    let identity: EffectID?

    init(_ location: IssueLocation, identity: EffectID? = nil) {
        fileID = "\(location.fileID)"
        line = location.line
        column = location.column
        self.identity = identity
    }

    /// The identifier of the effects of `child`, an `ifLet`/`ifCaseLet` child state at `location`.
    ///
    /// An `Identifiable` child is told apart by its id, as TCA does: a parent that puts a new child in
    /// place of the old one ends the old one's effects. Any other child is one child for as long as
    /// its state is there.
    init(_ location: IssueLocation, child: some Sendable) {
        self.init(location, identity: child is any Identifiable ? EffectID(IdentifiedChild(state: child)) : nil)
    }
}

/// An `Identifiable` child state as a cancellation identity: equal when the ids are.
///
/// It keeps the state (`Sendable`, as every reducer state is) rather than its id, whose type is only
/// known to be `Hashable`, so the identity stays `Sendable` without an unchecked promise.
private struct IdentifiedChild<State: Sendable>: Hashable, Sendable {
    /// A value whose type conforms to `Identifiable` (checked by the caller).
    let state: State

    private var id: AnyHashable {
        let identifiable: any Identifiable = state as! any Identifiable
        return Self.id(of: identifiable)
    }

    private static func id(of value: some Identifiable) -> AnyHashable { AnyHashable(value.id) }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

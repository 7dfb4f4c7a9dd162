/// The cancellation identifier of the effects a child started through `ifLet`, `ifCaseLet` or
/// `forEach`: the call site of the operator (stable however often `body` is rebuilt) and, for
/// `forEach`, the element's identifier. Cancelled when that child's state goes away.
struct NavigationID: Hashable, Sendable {
    let fileID: String
    let line: UInt
    let column: UInt
    let element: EffectID?

    init(_ location: IssueLocation, element: EffectID? = nil) {
        fileID = "\(location.fileID)"
        line = location.line
        column = location.column
        self.element = element
    }
}

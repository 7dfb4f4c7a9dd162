/// A change a refresh of the catalog made to the selection: a selected item went, or came back
/// under another name or price. The count goes with it, so that it never shows on a dish or at a
/// price the user did not choose; the change is kept until the user is told.
public struct MenuSelectionChange: Sendable, Hashable, Identifiable {
    /// The change's own number, to mark it as told.
    public let id: Int64
    /// The item as the user chose it, with the count that was taken off.
    public let chosen: MenuItem
    /// The item under the same id now, nil when the catalog no longer has it.
    public let now: MenuItem?

    /// A change.
    public init(id: Int64, chosen: MenuItem, now: MenuItem?) {
        self.id = id
        self.chosen = chosen
        self.now = now
    }
}

extension MenuSelectionChange: CustomStringConvertible {
    /// A sentence for the alert and `bistro menu list`, such as "김밥 (₩3,500) is now Token Tea
    /// (₩4,000): 2 taken off the selection."; the names came from a server, and whoever shows the
    /// sentence on a terminal shows their control characters, never sends them.
    public var description: String {
        let chosen = "\(self.chosen.name) (\(self.chosen.price.currencyKR()))"
        let taken = "\(self.chosen.count) taken off the selection."
        guard let now else { return "\(chosen) is no longer on the menu: \(taken)" }
        return "\(chosen) is now \(now.name) (\(now.price.currencyKR())): \(taken)"
    }
}

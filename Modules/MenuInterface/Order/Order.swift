/// What the customer asks for: the selected items and their total, valid by construction.
///
/// The only way to make one is from a selection, so every order has at least one line, every line
/// a count of at least 1, and a total that is the sum of its lines and fits in `Int`.
public struct Order: Sendable, Hashable {
    /// The selected items, in menu order.
    public let lines: [OrderLine]
    /// The sum of price × count over the lines, in won.
    public let total: Int

    /// The order of the items of `menus` with a count above 0; throws `.noOrders` or `.totalOverflow`.
    public init(menus: [MenuItem]) throws(MenuError) {
        let selected = menus.filter { $0.count > 0 }
        guard !selected.isEmpty else { throw .noOrders }
        total = try MenuTotals(selected).totalPrice
        lines = selected.map(OrderLine.init)
    }
}

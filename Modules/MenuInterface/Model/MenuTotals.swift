/// The tutorial's derived values of a selection: the number of items and the price of all of them.
///
/// Computed with overflow checks: a selection whose totals do not fit in `Int` is refused with an
/// error rather than wrapped, so no screen ever shows a wrapped total.
public struct MenuTotals: Sendable, Hashable {
    /// The sum of the counts (the tutorial's `itemsCount`).
    public let itemsCount: Int
    /// The sum of price × count, in won (the tutorial's `totalPrice`).
    public let totalPrice: Int

    /// The totals of `menus`; throws `.totalOverflow` when one does not fit in `Int`.
    public init(_ menus: some Sequence<MenuItem>) throws(MenuError) {
        var itemsCount = 0
        var totalPrice = 0
        for menu in menus {
            let (count, countOverflow) = itemsCount.addingReportingOverflow(menu.count)
            let (subtotal, subtotalOverflow) = menu.price.multipliedReportingOverflow(by: menu.count)
            let (total, totalOverflow) = totalPrice.addingReportingOverflow(subtotal)
            guard !countOverflow, !subtotalOverflow, !totalOverflow else { throw .totalOverflow }
            itemsCount = count
            totalPrice = total
        }
        self.itemsCount = itemsCount
        self.totalPrice = totalPrice
    }
}

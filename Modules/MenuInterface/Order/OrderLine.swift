/// One line of an order: the item as it was priced when ordered, and how many.
public struct OrderLine: Sendable, Hashable {
    /// The catalog id of the item.
    public let menuID: Int
    /// The item's name when ordered.
    public let name: String
    /// The price of one when ordered, in won.
    public let price: Int
    /// How many; at least 1.
    public let count: Int

    /// A line as stored: `count` of item `menuID`, named and priced as when ordered.
    public init(menuID: Int, name: String, price: Int, count: Int) {
        self.menuID = menuID
        self.name = name
        self.price = price
        self.count = count
    }

    /// The line for `menu`'s selection.
    public init(_ menu: MenuItem) {
        menuID = menu.id
        name = menu.name
        price = menu.price
        count = menu.count
    }
}

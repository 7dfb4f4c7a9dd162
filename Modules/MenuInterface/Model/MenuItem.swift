/// One item of the menu and how many of it are selected: the RxSwift menu tutorial's `Menu`, named
/// `MenuItem` here because a type must not share its module's name (`Menu.X` would no longer reach the module).
///
/// The catalog (`id`, `name`, `price`) comes from remote config through the database; `count` is
/// the stored selection's count of it.
public struct MenuItem: Sendable, Hashable, Identifiable {
    /// The item's identity in the catalog; unique.
    public var id: Int
    /// The name shown.
    public var name: String
    /// The price of one, in won.
    public var price: Int
    /// How many are selected; never below 0.
    public var count: Int

    /// A menu item.
    public init(id: Int, name: String, price: Int, count: Int = 0) {
        self.id = id
        self.name = name
        self.price = price
        self.count = count
    }
}

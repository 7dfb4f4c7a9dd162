/// How many of each item are selected, by catalog id: only counts above 0 are kept, so an item
/// that is not in it has a count of 0 and two equal selections hold the same entries.
public struct MenuSelection: Sendable, Hashable {
    /// The count of each selected item, by its menu id; every count is above 0.
    public let counts: [Int: Int]

    /// Nothing selected.
    public static let empty = MenuSelection(checked: [:])

    /// The selection of `counts`; a count of 0 is no entry, a count below 0 throws `.invalidCount`.
    public init(counts: [Int: Int]) throws(MenuError) {
        if let negative = counts.filter({ $0.value < 0 }).keys.min() { throw .invalidCount(menuID: negative) }
        self.init(checked: counts.filter { $0.value > 0 })
    }

    /// The counts of `menus` (the screen's list) that are above 0; the first of a repeated id counts.
    public init(menus: some Sequence<MenuItem>) {
        var counts: [Int: Int] = [:]
        for menu in menus where counts[menu.id] == nil { counts[menu.id] = menu.count }
        self.init(checked: counts.filter { $0.value > 0 })
    }

    private init(checked counts: [Int: Int]) {
        self.counts = counts
    }

    /// Whether nothing is selected.
    public var isEmpty: Bool { counts.isEmpty }

    /// How many of item `menuID` are selected (0 when it is not selected).
    public func count(of menuID: Int) -> Int {
        counts[menuID] ?? 0
    }

    /// `catalog` in its order with these counts; items this selection does not name get 0, and
    /// counts of items not in `catalog` are left out.
    public func applied(to catalog: [MenuItem]) -> [MenuItem] {
        catalog.map { MenuItem(id: $0.id, name: $0.name, price: $0.price, count: count(of: $0.id)) }
    }

    /// This selection with item `menuID` at `count` (0 removes it); a count below 0 throws `.invalidCount`.
    public func setting(_ count: Int, of menuID: Int) throws(MenuError) -> MenuSelection {
        guard count >= 0 else { throw .invalidCount(menuID: menuID) }
        var counts = counts
        counts[menuID] = count > 0 ? count : nil
        return MenuSelection(checked: counts)
    }

    /// This selection with `delta` added to the count of item `menuID`, never below 0 (a fall past
    /// the smallest `Int` is 0 too); `.countOverflow` for a rise that would not fit.
    public func changing(_ menuID: Int, by delta: Int) throws(MenuError) -> MenuSelection {
        let (sum, overflow) = count(of: menuID).addingReportingOverflow(delta)
        if overflow && delta > 0 { throw .countOverflow(menuID: menuID) }
        return try setting(overflow ? 0 : max(0, sum), of: menuID)
    }

    /// This selection with the counts of `lines` taken off, never below 0: what an order took.
    public func removing(_ lines: [OrderLine]) -> MenuSelection {
        var counts = counts
        for line in lines {
            guard let selected = counts[line.menuID] else { continue }
            counts[line.menuID] = selected > line.count ? selected - line.count : nil
        }
        return MenuSelection(checked: counts)
    }
}

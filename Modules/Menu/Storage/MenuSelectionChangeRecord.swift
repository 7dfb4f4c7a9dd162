import MenuInterface
import PersistenceInterface

/// A change a refresh made to the selection, kept until the user is told: a row of
/// `menuSelectionChanges`.
struct MenuSelectionChangeRecord: DatabaseRecord, Equatable {
    static let tableName = "menuSelectionChanges"

    var id: Int64?
    var menuID: Int
    var name: String
    var price: Int
    var count: Int
    /// The name under the same id after the refresh; nil when the item went.
    var newName: String?
    /// The price under the same id after the refresh; nil when the item went.
    var newPrice: Int?

    /// The change of `row` (as chosen) to `now` (nil when the item went).
    init(_ row: MenuSelectionRecord, now: MenuItem?) {
        id = nil
        menuID = row.menuID
        name = row.name
        price = row.price
        count = row.count
        newName = now?.name
        newPrice = now?.price
    }

    /// The change as the screen and the commands show it.
    var change: MenuSelectionChange? {
        guard let id else { return nil }
        let now = newName.flatMap { name in newPrice.map { MenuItem(id: menuID, name: name, price: $0) } }
        return MenuSelectionChange(id: id, chosen: MenuItem(id: menuID, name: name, price: price, count: count), now: now)
    }

    /// Every change nobody was told of, oldest first.
    static func changes(in db: any ReadTransaction) throws -> [MenuSelectionChange] {
        try db.fetchAll(MenuSelectionChangeRecord.order(Column("id").asc)).compactMap(\.change)
    }

    /// Forgets `changes`: they were told.
    static func acknowledge(_ changes: [MenuSelectionChange], in db: any WriteTransaction) throws {
        guard !changes.isEmpty else { return }
        try db.deleteAll(MenuSelectionChangeRecord.filter(Column("id").in(changes.map(\.id))))
    }
}

import MenuInterface
import PersistenceInterface

/// A catalog item as stored: a row of `menuItems`, in the catalog's order by `position`.
struct MenuItemRecord: DatabaseRecord, Equatable {
    static let tableName = "menuItems"

    var id: Int
    var name: String
    var price: Int
    var position: Int

    init(_ menu: MenuItem, position: Int) {
        id = menu.id
        name = menu.name
        price = menu.price
        self.position = position
    }

    /// The item with no selection.
    var menu: MenuItem { MenuItem(id: id, name: name, price: price) }

    /// The whole catalog in its order.
    static let catalog = MenuItemRecord.order(Column("position").asc)
}

extension MenuItemRecord {
    /// Makes the stored catalog `menus`, within the caller's transaction. The counts of items it no
    /// longer has at the name and price they were chosen at leave the stored selection in the same
    /// transaction, recorded for the user to be told.
    static func replaceCatalog(with menus: [MenuItem], in db: any WriteTransaction) throws {
        try db.deleteAll(MenuItemRecord.self)
        for (position, menu) in menus.enumerated() { try db.insert(MenuItemRecord(menu, position: position)) }
        try MenuSelectionRecord.keepChosen(in: menus, in: db)
    }

    /// The stored catalog in its order, with no selection.
    static func menus(in db: any ReadTransaction) throws -> [MenuItem] {
        try db.fetchAll(catalog).map(\.menu)
    }
}

import Foundation
import MenuInterface
import PersistenceInterface

/// The menu data the app reads and writes itself: the stored catalog and orders (tables of the Menu
/// feature, read only), and the selection (the app's own table).
///
/// The Menu module stores the catalog and orders but offers no public read of them outside its view
/// model's stream, so the scriptable commands read its tables by name here, in one place.
enum StoredMenu {
    private struct CatalogRow: DatabaseRecord {
        static let tableName = "menuItems"
        var id: Int
        var name: String
        var price: Int
        var position: Int
    }

    private struct SelectionRow: DatabaseRecord {
        static let tableName = "bistroMenuSelection"
        static let primaryKey = "menuID"
        var menuID: Int
        var count: Int
    }

    private struct OrderRow: DatabaseRecord {
        static let tableName = "menuOrders"
        var id: Int64
        var placedAt: Date
        var total: Int
    }

    private struct OrderLineRow: DatabaseRecord {
        static let tableName = "menuOrderLines"
        static let primaryKey = "orderID"
        var orderID: Int64
        var position: Int
        var menuID: Int
        var name: String
        var price: Int
        var count: Int
    }

    /// A stored order with its lines, as `bistro orders` shows it.
    struct PlacedOrder: Encodable, Sendable {
        struct Line: Encodable, Sendable {
            let menuID: Int
            let name: String
            let price: Int
            let count: Int
        }

        let id: Int64
        let placedAt: Date
        let total: Int
        let lines: [Line]
    }

    /// The stored catalog in its order, with the persisted selection as counts.
    static func menus(in database: any Database) throws -> [Menu] {
        try database.read { db in
            let selection = Dictionary(
                try db.fetchAll(SelectionRow.self).map { ($0.menuID, $0.count) }, uniquingKeysWith: { $1 })
            return try db.fetchAll(CatalogRow.order(Column("position").asc))
                .map { Menu(id: $0.id, name: $0.name, price: $0.price, count: selection[$0.id] ?? 0) }
        }
    }

    /// Sets how many of `menuID` are selected; 0 removes it from the selection.
    static func setCount(_ count: Int, of menuID: Int, in database: any Database) throws {
        try database.write { db in
            if count == 0 {
                _ = try db.delete(SelectionRow.self, id: menuID)
            } else {
                try db.upsert(SelectionRow(menuID: menuID, count: count))
            }
        }
    }

    /// Takes the ordered counts off the selection (what was added meanwhile stays), or clears it all.
    static func removeFromSelection(_ lines: [OrderLine]?, in database: any Database) throws {
        try database.write { db in
            guard let lines else {
                _ = try db.deleteAll(SelectionRow.self)
                return
            }
            for line in lines {
                guard let row = try db.fetchOne(SelectionRow.self, id: line.menuID) else { continue }
                if row.count <= line.count {
                    _ = try db.delete(SelectionRow.self, id: line.menuID)
                } else {
                    try db.update(SelectionRow(menuID: line.menuID, count: row.count - line.count))
                }
            }
        }
    }

    /// Every stored order, oldest first, with its lines.
    static func orders(in database: any Database) throws -> [PlacedOrder] {
        try database.read { db in
            let lines = Dictionary(grouping: try db.fetchAll(OrderLineRow.order(Column("orderID").asc, Column("position").asc)), by: \.orderID)
            return try db.fetchAll(OrderRow.order(Column("id").asc)).map { order in
                PlacedOrder(
                    id: order.id, placedAt: order.placedAt, total: order.total,
                    lines: (lines[order.id] ?? []).map { .init(menuID: $0.menuID, name: $0.name, price: $0.price, count: $0.count) })
            }
        }
    }
}

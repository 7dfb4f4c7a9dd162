import MenuInterface
import PersistenceInterface

/// One selected item as stored: a row of `menuSelection`, with the name and price it was chosen
/// at and its count above 0 (a count of 0 is no row).
struct MenuSelectionRecord: DatabaseRecord, Equatable {
    static let tableName = "menuSelection"
    static let primaryKey = "menuID"

    var menuID: Int
    var count: Int
    var name: String
    var price: Int

    init(_ item: MenuItem, count: Int) {
        menuID = item.id
        self.count = count
        name = item.name
        price = item.price
    }

    /// Whether `item` is the item this row was chosen as: the same id, name and price.
    func isChosen(as item: MenuItem) -> Bool {
        menuID == item.id && name == item.name && price == item.price
    }
}

extension MenuSelectionRecord {
    /// The stored selection: the rows whose item the stored catalog still has at the name and price
    /// it was chosen at (a refresh takes the others off, `keepChosen(in:)`).
    static func selection(in db: any ReadTransaction) throws -> MenuSelection {
        try selection(in: db, of: MenuItemRecord.menus(in: db))
    }

    /// The stored selection, of `catalog`: the stored catalog, which the caller read in the same
    /// transaction.
    static func selection(in db: any ReadTransaction, of catalog: [MenuItem]) throws -> MenuSelection {
        let catalog = Dictionary(catalog.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = try db.fetchAll(MenuSelectionRecord.self).filter { row in catalog[row.menuID].map(row.isChosen(as:)) ?? false }
        return try MenuSelection(counts: Dictionary(rows.map { ($0.menuID, $0.count) }, uniquingKeysWith: { $1 }))
    }

    /// Makes the stored rows exactly `selection`, each with its item's name and price in `catalog`
    /// (what the user sees now): writes only the rows that change, so storing the same selection
    /// again commits nothing and wakes no observer.
    static func store(_ selection: MenuSelection, of catalog: [MenuItem], in db: any WriteTransaction) throws {
        let stored = Dictionary(try db.fetchAll(MenuSelectionRecord.self).map { ($0.menuID, $0) }, uniquingKeysWith: { $1 })
        let gone = stored.keys.filter { selection.counts[$0] == nil }
        if !gone.isEmpty { try db.deleteAll(MenuSelectionRecord.filter(Column("menuID").in(gone.sorted()))) }
        for item in catalog where selection.count(of: item.id) > 0 {
            let row = MenuSelectionRecord(item, count: selection.count(of: item.id))
            if stored[item.id] != row { try db.upsert(row) }
        }
    }

    /// Takes off the counts of items the catalog just stored (`catalog`) no longer has at the name
    /// and price they were chosen at, and records each as a `MenuSelectionChangeRecord` for the
    /// user to be told: a count never moves to another dish or price.
    static func keepChosen(in catalog: [MenuItem], in db: any WriteTransaction) throws {
        let items = Dictionary(catalog.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for row in try db.fetchAll(MenuSelectionRecord.order(Column("menuID").asc)) {
            let now = items[row.menuID]
            if let now, row.isChosen(as: now) { continue }
            try db.deleteAll(MenuSelectionRecord.filter(Column("menuID") == row.menuID))
            try db.insert(MenuSelectionChangeRecord(row, now: now))
        }
    }
}

import MenuInterface
import PersistenceInterface

/// One selected item as stored: a row of `menuSelection`, its count above 0 (a count of 0 is no row).
struct MenuSelectionRecord: DatabaseRecord, Equatable {
    static let tableName = "menuSelection"
    static let primaryKey = "menuID"

    var menuID: Int
    var count: Int
}

extension MenuSelectionRecord {
    /// The stored selection, of the items of the stored catalog only.
    static func selection(in db: any ReadTransaction) throws -> MenuSelection {
        let catalog = Set(try db.fetchAll(MenuItemRecord.self).map(\.id))
        let rows = try db.fetchAll(MenuSelectionRecord.self).filter { catalog.contains($0.menuID) }
        return try MenuSelection(counts: Dictionary(rows.map { ($0.menuID, $0.count) }, uniquingKeysWith: { $1 }))
    }

    /// Makes the stored rows exactly `selection`: writes only the rows that change, so storing the
    /// same selection again commits nothing and wakes no observer.
    static func store(_ selection: MenuSelection, in db: any WriteTransaction) throws {
        let stored = Dictionary(try db.fetchAll(MenuSelectionRecord.self).map { ($0.menuID, $0.count) }, uniquingKeysWith: { $1 })
        let gone = stored.keys.filter { selection.counts[$0] == nil }
        if !gone.isEmpty { try db.deleteAll(MenuSelectionRecord.filter(Column("menuID").in(gone.sorted()))) }
        for (menuID, count) in selection.counts.sorted(by: { $0.key < $1.key }) where stored[menuID] != count {
            try db.upsert(MenuSelectionRecord(menuID: menuID, count: count))
        }
    }

    /// Drops the counts of items other than `menuIDs` (the catalog just stored).
    static func keepOnly(menuIDs: [Int], in db: any WriteTransaction) throws {
        try db.deleteAll(MenuSelectionRecord.filter(!Column("menuID").in(menuIDs)))
    }
}

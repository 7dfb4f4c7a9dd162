import MenuInterface
import PersistenceInterface

extension MenuMigrations {
    /// The migrations of the selection that the Bistro app kept in a table of its own before this
    /// feature stored it, listed after the feature's own; their names (`bistro.`) are the ones the
    /// app shipped, recorded in every database it made, so they can never change.
    ///
    /// On a new database they make the old table and move its (no) rows across at once; on one the
    /// app made before, they have run already.
    static let appSelectionBeforeTheFeatureStoredIt: [Migration] = [
        // How many of each item, keyed by the catalog id; a count of 0 is no row.
        Migration(
            "bistro.createMenuSelection",
            sql: """
                CREATE TABLE bistroMenuSelection (menuID INTEGER PRIMARY KEY NOT NULL, count INTEGER NOT NULL CHECK (count > 0))
                """),
        // The counts move to `menuSelection` (`menu.createSelection`, listed before this one); counts
        // of items no longer on the stored catalog were never shown and are left out.
        Migration("bistro.moveMenuSelection") { db in
            let rows = try db.fetchRows(sql: "SELECT menuID, count FROM bistroMenuSelection")
            let counts = try rows.map { (try $0.decode(Int.self, column: "menuID"), try $0.decode(Int.self, column: "count")) }
            try importSelection(MenuSelection(counts: Dictionary(counts, uniquingKeysWith: { $1 })), in: db)
            try db.execute(sql: "DROP TABLE bistroMenuSelection")
        },
    ]
}

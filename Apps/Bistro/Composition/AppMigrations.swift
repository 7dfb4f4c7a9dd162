import Menu
import MenuInterface
import PersistenceInterface

/// The app's own tables, appended after the features' migrations.
enum AppMigrations {
    // Names carry the app's prefix, as the features' do: all migrations share one database.
    // Never rename or reorder one that has shipped; append new ones.
    static let all: [Migration] = [
        // Facts about this database kept by the app. It first marked the database as filled from the
        // active values; the Contacts sync now stores them on each run's first fetch, so it is unused.
        Migration("bistro.createAppState", sql: """
            CREATE TABLE bistroAppState (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)
            """),
        // The menu selection (how many of each item), kept between runs, from before the Menu
        // feature stored it. Keyed by the catalog id; a count of 0 is no row. Moved out below.
        Migration("bistro.createMenuSelection", sql: """
            CREATE TABLE bistroMenuSelection (menuID INTEGER PRIMARY KEY NOT NULL, count INTEGER NOT NULL CHECK (count > 0))
            """),
        moveMenuSelection,
    ]

    /// The Menu feature now stores the selection (`menu.createSelection`, listed before this one):
    /// the counts this app kept move there, through the feature's API, and the app's table goes.
    // Counts of items no longer on the stored catalog were never shown; the feature leaves them out.
    private static let moveMenuSelection = Migration("bistro.moveMenuSelection") { db in
        let rows = try db.fetchRows(sql: "SELECT menuID, count FROM bistroMenuSelection")
        let counts = try rows.map { (try $0.decode(Int.self, column: "menuID"), try $0.decode(Int.self, column: "count")) }
        try MenuMigrations.importSelection(
            MenuSelection(counts: Dictionary(counts, uniquingKeysWith: { $1 })), in: db)
        try db.execute(sql: "DROP TABLE bistroMenuSelection")
    }
}

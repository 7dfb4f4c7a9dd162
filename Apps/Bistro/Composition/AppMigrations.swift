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
        // The menu selection (how many of each item), kept between runs: the Menu module keeps
        // counts only in its view model's memory. Keyed by the catalog id; a count of 0 is no row.
        Migration("bistro.createMenuSelection", sql: """
            CREATE TABLE bistroMenuSelection (menuID INTEGER PRIMARY KEY NOT NULL, count INTEGER NOT NULL CHECK (count > 0))
            """),
    ]
}

import PersistenceInterface

/// The app's own tables, appended after the features' migrations.
enum AppMigrations {
    // Names carry the app's prefix, as the features' do: all migrations share one database.
    // Never rename or reorder one that has shipped; append new ones.
    static let all: [Migration] = [
        // Facts about this database kept by the app, e.g. that it was filled from the active values once.
        Migration("bistro.createAppState", sql: """
            CREATE TABLE bistroAppState (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)
            """),
    ]
}

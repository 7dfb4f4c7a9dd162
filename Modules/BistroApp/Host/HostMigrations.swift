import PersistenceInterface

/// The app's own tables, after the plugins' migrations.
enum HostMigrations {
    // Never rename or reorder one that has shipped: the names are in every database the app made.
    static let all: [Migration] = [
        // Facts about this database kept by the app. It first marked the database as filled from
        // the active values; the Contacts sync now stores them itself, so it is unused, and stays
        // because databases record it.
        Migration(
            "bistro.createAppState",
            sql: """
                CREATE TABLE bistroAppState (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)
                """)
    ]
}

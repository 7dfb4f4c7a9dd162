import PersistenceInterface

/// The schema of the contacts feature, for the app to open its database with (`SQLiteDatabase(..., migrations:)`).
public enum ContactsMigrations {
    /// Every migration of the feature, in order; never rename or reorder one that has shipped.
    // Names carry the feature's prefix: all features' migrations share one list in one database.
    // `order` is the rowid (an Int16 kept in range by the CHECK), so sorting on it reads the key's index.
    public static let all: [Migration] = [
        Migration(
            "contacts.createSellerContacts",
            sql: """
                CREATE TABLE sellerContacts (
                    address TEXT,
                    "order" INTEGER PRIMARY KEY NOT NULL CHECK ("order" BETWEEN -32768 AND 32767),
                    phone TEXT
                )
                """)
    ]
}

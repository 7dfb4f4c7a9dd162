import PersistenceInterface

/// The schema of the menu feature, for the app to open its database with (`SQLiteDatabase(..., migrations:)`).
public enum MenuMigrations {
    /// Every migration of the feature, in order; never rename or reorder one that has shipped.
    // Names and tables carry the feature's prefix: all features' migrations share one database.
    // Order ids use AUTOINCREMENT so that a receipt's id is never given to another order, even after
    // the newest order is deleted. Lines keep the name and price as ordered, not a link to the
    // catalog, which the next refresh may change.
    // The selection has no foreign key to the catalog: a refresh replaces the catalog by deleting and
    // inserting its rows, which a cascade would turn into an empty selection; the code that writes
    // either table keeps the selection to items of the catalog instead (`MenuSelectionRecord`).
    public static let all: [Migration] = [
        Migration(
            "menu.createMenuItems",
            sql: """
                CREATE TABLE menuItems (
                    id INTEGER PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    price INTEGER NOT NULL CHECK (price > 0),
                    position INTEGER NOT NULL
                )
                """),
        Migration(
            "menu.createOrders",
            sql: """
                CREATE TABLE menuOrders (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    placedAt REAL NOT NULL,
                    total INTEGER NOT NULL CHECK (total > 0)
                );
                CREATE TABLE menuOrderLines (
                    orderID INTEGER NOT NULL REFERENCES menuOrders (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    menuID INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    price INTEGER NOT NULL CHECK (price > 0),
                    count INTEGER NOT NULL CHECK (count > 0),
                    PRIMARY KEY (orderID, position)
                ) WITHOUT ROWID
                """),
        Migration(
            "menu.createSelection",
            sql: """
                CREATE TABLE menuSelection (
                    menuID INTEGER PRIMARY KEY NOT NULL,
                    count INTEGER NOT NULL CHECK (count > 0)
                )
                """),
        // A selected item keeps the name and price it was chosen at, so that a refresh that gives its
        // id another dish or price takes the count off instead of moving it; what a refresh took off
        // waits in `menuSelectionChanges` until the user is told. Rows of items the catalog lost
        // were never shown: they go.
        Migration(
            "menu.selectionKeepsNameAndPrice",
            sql: """
                ALTER TABLE menuSelection ADD COLUMN name TEXT NOT NULL DEFAULT '';
                ALTER TABLE menuSelection ADD COLUMN price INTEGER NOT NULL DEFAULT 0;
                DELETE FROM menuSelection WHERE menuID NOT IN (SELECT id FROM menuItems);
                UPDATE menuSelection SET
                    name = (SELECT name FROM menuItems WHERE menuItems.id = menuSelection.menuID),
                    price = (SELECT price FROM menuItems WHERE menuItems.id = menuSelection.menuID);
                CREATE TABLE menuSelectionChanges (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    menuID INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    price INTEGER NOT NULL,
                    count INTEGER NOT NULL CHECK (count > 0),
                    newName TEXT,
                    newPrice INTEGER
                )
                """),
    ]
}

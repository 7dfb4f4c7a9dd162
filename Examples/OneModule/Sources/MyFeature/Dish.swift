import Persistence

/// A dish on the menu: one row of the `dish` table.
public struct Dish: DatabaseRecord, Equatable, Sendable {
    public static let tableName = "dish"
    public var id: Int64
    public var name: String
    public var price: Int

    public init(id: Int64, name: String, price: Int) {
        self.id = id
        self.name = name
        self.price = price
    }

    /// The migrations of the dish table.
    public static let migrations = [
        Migration("create dish", sql: "CREATE TABLE dish (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER NOT NULL)")
    ]
}

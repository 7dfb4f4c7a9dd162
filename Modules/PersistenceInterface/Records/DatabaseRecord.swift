/// A value stored as one row: a `Codable` type that names its table and primary-key column(s).
///
/// Each coding key is a column. Int, Int16, Int64 (and the other fixed-width integers), Double, Float,
/// Bool, String, Data, Date and their optionals map to SQLite types without loss; a nil optional is
/// NULL. Any other nested `Codable` value is stored as JSON text.
public protocol DatabaseRecord: Codable, Sendable {
    /// The table that stores the records.
    static var tableName: String { get }

    /// The primary-key column (by default `id`).
    static var primaryKey: String { get }

    /// The primary-key columns, for a composite key (by default `[primaryKey]`); `update`, `upsert`
    /// and `delete` of a record match them all.
    static var primaryKeyColumns: [String] { get }
}

extension DatabaseRecord {
    /// The default primary-key column: `id`.
    public static var primaryKey: String { "id" }

    /// The default primary-key columns: `[primaryKey]`.
    public static var primaryKeyColumns: [String] { [primaryKey] }

    /// A query for every record of this type.
    public static func all() -> Query<Self> { Query() }

    /// A query for the records that match `filter`.
    public static func filter(_ filter: Filter) -> Query<Self> { Query(filter: filter) }

    /// A query for every record in the given order.
    public static func order(_ orderings: Ordering...) -> Query<Self> { Query(ordering: orderings) }
}

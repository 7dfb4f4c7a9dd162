/// One named step of the schema: applied once, in list order, and recorded by name; the steps a
/// database lacks run together in one exclusive transaction, so an opening applies all of them or none.
///
/// Features declare their migrations against this interface; the composition root hands the whole
/// ordered list to the live database when it opens it (tests to an in-memory one). Never rename or
/// reorder a migration that has shipped: the names are what the file records.
public struct Migration: Sendable {
    /// The name recorded in the database once applied.
    public let name: String
    /// The change, run inside the migrations' transaction.
    public let migrate: @Sendable (any WriteTransaction) throws -> Void

    /// A migration that runs `migrate`.
    public init(_ name: String, migrate: @escaping @Sendable (any WriteTransaction) throws -> Void) {
        self.name = name
        self.migrate = migrate
    }

    /// A migration that runs SQL (several statements may be separated by semicolons).
    public init(_ name: String, sql: String) {
        self.init(name) { try $0.execute(sql: sql) }
    }
}

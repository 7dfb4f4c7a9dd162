/// What a write can do inside its one transaction: everything a read can, plus change records and run SQL.
public protocol WriteTransaction: ReadTransaction {
    /// Inserts the record and returns its rowid (the assigned key when an integer primary key was nil).
    @discardableResult
    func insert<Record: DatabaseRecord>(_ record: Record) throws -> Int64

    /// Updates the stored row with the record's primary key; throws `recordNotFound` when there is none.
    func update<Record: DatabaseRecord>(_ record: Record) throws

    /// Inserts the record, or updates the stored row with its primary key.
    func upsert<Record: DatabaseRecord>(_ record: Record) throws

    /// Deletes the row with the record's primary key; returns whether there was one.
    @discardableResult
    func delete<Record: DatabaseRecord>(_ record: Record) throws -> Bool

    /// Deletes the records `query` selects and returns how many there were.
    @discardableResult
    func deleteAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int

    /// Runs SQL (one statement, or several separated by semicolons that take the arguments in turn).
    func execute(sql: String, arguments: [DatabaseValue]) throws
}

extension WriteTransaction {
    /// Deletes the row whose primary key is `id`; returns whether there was one. A type with a
    /// composite key throws `invalidQuery` (one value cannot name its row: use a filter).
    @discardableResult
    public func delete<Record: DatabaseRecord>(_ type: Record.Type, id: some DatabaseValueConvertible) throws -> Bool {
        try deleteAll(Record.filter(Column(try Record.singlePrimaryKey()) == id)) > 0
    }

    /// Deletes every record of the type's table and returns how many there were.
    @discardableResult
    public func deleteAll<Record: DatabaseRecord>(_ type: Record.Type) throws -> Int {
        try deleteAll(Query<Record>())
    }

    /// Runs SQL without parameters (one statement or several separated by semicolons).
    public func execute(sql: String) throws {
        try execute(sql: sql, arguments: [])
    }
}

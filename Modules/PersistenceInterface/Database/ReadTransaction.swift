/// What a read can do: fetch records and rows from one consistent snapshot of the database.
///
/// A transaction value is valid only inside the closure it was given to; using it afterwards throws
/// `PersistenceError.transactionNotActive`.
public protocol ReadTransaction {
    /// The records `query` selects, in its order.
    func fetchAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> [Record]

    /// The first record `query` selects, or nil.
    func fetchOne<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Record?

    /// The number of records `query` selects (its limit and offset applied).
    func fetchCount<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int

    /// The records a read-only SQL statement selects, decoded by column name (for joins and other hand-written SQL).
    func fetchAll<Record: DatabaseRecord>(_ type: Record.Type, sql: String, arguments: [DatabaseValue]) throws -> [Record]

    /// The rows a read-only SQL statement returns.
    func fetchRows(sql: String, arguments: [DatabaseValue]) throws -> [Row]
}

extension ReadTransaction {
    /// Every record of the type's table, in storage order.
    public func fetchAll<Record: DatabaseRecord>(_ type: Record.Type) throws -> [Record] {
        try fetchAll(Query<Record>())
    }

    /// The record whose primary key is `id`, or nil. A type with a composite key throws
    /// `invalidQuery` (one value cannot name its row: use a filter).
    public func fetchOne<Record: DatabaseRecord>(_ type: Record.Type, id: some DatabaseValueConvertible) throws -> Record? {
        try fetchOne(Record.filter(Column(try Record.singlePrimaryKey()) == id))
    }

    /// The number of records in the type's table.
    public func fetchCount<Record: DatabaseRecord>(_ type: Record.Type) throws -> Int {
        try fetchCount(Query<Record>())
    }

    /// The rows a read-only SQL statement without parameters returns.
    public func fetchRows(sql: String) throws -> [Row] {
        try fetchRows(sql: sql, arguments: [])
    }

    /// The first column of the first row a read-only SQL statement returns, or nil when it returns no row.
    public func fetchValue(sql: String, arguments: [DatabaseValue] = []) throws -> DatabaseValue? {
        try fetchRows(sql: sql, arguments: arguments).first?.values.first
    }
}

import CSQLite
import PersistenceInterface

/// Record operations: rows from and to `Codable` records.
extension Connection {
    /// Inserts a record; returns its rowid.
    func insert<Record: DatabaseRecord>(_ record: Record) throws -> Int64 {
        let row = try RecordEncoder.encode(record)
        try recordStatement(.insert, Record.self, row).run()
        return sqlite3_last_insert_rowid(handle)
    }

    /// Updates the row with the record's key; throws `recordNotFound` when there is none.
    func update<Record: DatabaseRecord>(_ record: Record) throws {
        let row = try RecordEncoder.encode(record)
        try recordStatement(.update, Record.self, row).run()
        if sqlite3_changes64(handle) == 0 { throw PersistenceError.recordNotFound(table: Record.tableName) }
    }

    /// Inserts the record or updates the row with its key.
    func upsert<Record: DatabaseRecord>(_ record: Record) throws {
        let row = try RecordEncoder.encode(record)
        try recordStatement(.upsert, Record.self, row).run()
    }

    /// Deletes the row with the record's key; returns whether there was one.
    func delete<Record: DatabaseRecord>(_ record: Record) throws -> Bool {
        let row = try RecordEncoder.encode(record)
        try recordStatement(.delete, Record.self, row).run()
        return sqlite3_changes64(handle) > 0
    }

    /// Deletes what the query selects; returns how many rows.
    func deleteAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int {
        let text = try QuerySQL.delete(query)
        let statement = try cachedStatement(text.sql)
        try statement.bind(text.arguments, sql: text.sql)
        try statement.run()
        return Int(sqlite3_changes64(handle))
    }

    /// The records the query selects.
    func fetchAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> [Record] {
        let text = try QuerySQL.select(query)
        return try fetchRecords(Record.self, sql: text.sql, arguments: text.arguments)
    }

    /// The first record the query selects.
    func fetchOne<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Record? {
        var query = query
        query.limit = min(query.limit ?? 1, 1)
        return try fetchAll(query).first
    }

    /// How many records the query selects.
    func fetchCount<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int {
        let text = try QuerySQL.count(query)
        let statement = try cachedStatement(text.sql)
        try statement.bind(text.arguments, sql: text.sql)
        var count = 0
        try statement.forEachRow { count = Int(statement.int64(at: 0)) }
        return count
    }

    /// The records an SQL statement selects, decoded by column name.
    func fetchRecords<Record: Decodable>(_ type: Record.Type, sql: String, arguments: [DatabaseValue]) throws -> [Record] {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments, sql: sql)
        var records: [Record] = []
        var layout: ColumnLayout?
        try statement.forEachRow {
            // Read after the first step: a statement re-prepared after a schema change may have new columns.
            let columns = layout ?? ColumnLayout(statement)
            layout = columns
            records.append(try RecordDecoder.decode(Record.self, statement: statement, layout: columns))
        }
        return records
    }

    /// The statement for a record operation with this row's columns, cached per record type.
    private func recordStatement<Record: DatabaseRecord>(_ operation: RecordOperation, _ type: Record.Type, _ row: EncodedRow) throws -> Statement {
        let key = RecordStatementKey(type: ObjectIdentifier(Record.self), operation: operation)
        if let cached = recordStatements[key], cached.columns == row.columns {
            try cached.bind(row)
            return cached.statement
        }
        try checkOpen()
        let made = try RecordStatement.make(
            operation, table: Record.tableName, primaryKey: Record.primaryKey, columns: row.columns, type: Record.self, connection: self)
        recordStatements[key] = made
        try made.bind(row)
        return made.statement
    }
}

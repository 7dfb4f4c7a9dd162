import PersistenceInterface

/// The transaction handed to a `read` or `write` closure: record and SQL operations on one connection.
///
/// It is valid only while its closure runs. A read transaction runs on a connection that refuses
/// anything that writes (a reader connection is in `PRAGMA query_only` mode; the writer connection
/// refuses any statement SQLite does not call read-only); that refusal is reported as
/// `writeInReadTransaction`.
final class SQLiteTransaction: WriteTransaction {
    private let connection: Connection
    private let writable: Bool
    private var isActive = true

    init(connection: Connection, writable: Bool) {
        self.connection = connection
        self.writable = writable
    }

    /// Ends its validity: the closure returned.
    func invalidate() {
        isActive = false
    }

    @inline(__always) private func active() throws -> Connection {
        guard isActive else { throw PersistenceError.transactionNotActive }
        try connection.checkOpen()
        // A statement with ON CONFLICT ROLLBACK can end the transaction inside SQLite; nothing may then
        // run outside it, where each statement would commit on its own.
        if writable && !connection.isInTransaction { throw PersistenceError.transactionNotActive }
        return connection
    }

    @inline(__always) private func writing(_ operation: @autoclosure () -> String) throws -> Connection {
        guard writable else { throw PersistenceError.writeInReadTransaction(sql: operation()) }
        return try active()
    }

    /// Runs hand-written SQL, naming a write that a read transaction's connection refused.
    @inline(__always) private func raw<T>(_ sql: String, _ body: (Connection) throws -> T) throws -> T {
        let connection = try active()
        do {
            return try body(connection)
        } catch PersistenceError.sqlite(let error) where !writable && error.code.primary == .readOnly {
            throw PersistenceError.writeInReadTransaction(sql: sql)
        }
    }

    // MARK: ReadTransaction

    func fetchAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> [Record] {
        try active().fetchAll(query)
    }

    func fetchOne<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Record? {
        try active().fetchOne(query)
    }

    func fetchCount<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int {
        try active().fetchCount(query)
    }

    func fetchAll<Record: DatabaseRecord>(_ type: Record.Type, sql: String, arguments: [DatabaseValue]) throws -> [Record] {
        try raw(sql) { try $0.fetchRecords(Record.self, sql: sql, arguments: arguments) }
    }

    func fetchRows(sql: String, arguments: [DatabaseValue]) throws -> [Row] {
        try raw(sql) { try $0.fetchRows(sql, arguments: arguments) }
    }

    // MARK: WriteTransaction

    func insert<Record: DatabaseRecord>(_ record: Record) throws -> Int64 {
        try writing("INSERT INTO \(Record.tableName)").insert(record)
    }

    func update<Record: DatabaseRecord>(_ record: Record) throws {
        try writing("UPDATE \(Record.tableName)").update(record)
    }

    func upsert<Record: DatabaseRecord>(_ record: Record) throws {
        try writing("INSERT INTO \(Record.tableName) ... ON CONFLICT DO UPDATE").upsert(record)
    }

    func delete<Record: DatabaseRecord>(_ record: Record) throws -> Bool {
        try writing("DELETE FROM \(Record.tableName)").delete(record)
    }

    func deleteAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int {
        try writing("DELETE FROM \(Record.tableName)").deleteAll(query)
    }

    func execute(sql: String, arguments: [DatabaseValue]) throws {
        try raw(sql) { try $0.execute(sql, arguments: arguments) }
    }
}

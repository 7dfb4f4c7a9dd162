import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// A prepared statement: bind arguments, step through rows, read columns.
///
/// Every run ends with `sqlite3_reset`, so a finished statement never holds a read snapshot or a lock.
/// Used only by the thread that owns its connection.
final class Statement {
    let handle: OpaquePointer
    /// The connection that prepared it (which outlives it: the connection owns the caches that hold statements).
    unowned let connection: Connection
    /// Tables whose schema the statement changes (CREATE, ALTER, DROP TABLE), reported by the authorizer.
    let schemaTables: [String]
    /// How many rows the last record fetch returned: the next one reserves that much room.
    var lastRowCount = 0
    /// The decoder of the last record fetch, kept for the next one (see `RecordDecoder.reusing`).
    var recordDecoder: RecordDecoder?
    /// The writer connection's change tracker (which the connection keeps alive), unretained so
    /// running a statement retains nothing.
    let tracker: Unmanaged<ChangeTracker>?

    /// The table the statement writes, reported by the authorizer.
    let writeTarget: StatementWrite?
    /// The tables the statement reads, lowercased, reported by the authorizer: what a tracked
    /// observation that runs it depends on.
    let readTables: [String]
    /// Whether the statement leaves the database as it is (`sqlite3_stmt_readonly`).
    let isReadOnly: Bool
    /// Per parameter (the first at 0), the memory that keeps the text or blob a record bound to it
    /// for SQLite to read in place (`sqliteBindInPlace`). The statement owns it, so no binding
    /// outlives its bytes: they are freed only once the statement is finalized.
    let parameterBytes: UnsafeMutableBufferPointer<ParameterBytes>

    init(
        handle: OpaquePointer, connection: Connection, schemaTables: [String], writeTarget: StatementWrite?, readTables: [String]
    ) {
        self.handle = handle
        self.connection = connection
        self.schemaTables = schemaTables
        self.writeTarget = writeTarget
        self.readTables = readTables
        isReadOnly = sqlite3_stmt_readonly(handle) != 0
        tracker = connection.tracker.map { Unmanaged.passUnretained($0) }
        parameterBytes = .allocate(capacity: Int(sqlite3_bind_parameter_count(handle)))
        parameterBytes.initialize(repeating: ParameterBytes())
    }

    deinit {
        sqlite3_finalize(handle)
        for bytes in parameterBytes { bytes.start?.deallocate() }
        parameterBytes.deallocate()
    }

    /// The SQL text, for error messages.
    var sql: String { sqlite3_sql(handle).map { String(cString: $0) } ?? "" }

    /// How many times SQLite prepared the statement again (after a schema change, or because it
    /// expired), for tests.
    var repreparations: Int { Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_REPREPARE, 0)) }

    /// The number of `?` parameters.
    var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    // MARK: Binding

    /// Binds `values` to the parameters, in order; the count must match.
    func bind<Values: Collection<DatabaseValue>>(_ values: Values, sql: String? = nil) throws {
        guard values.count == parameterCount else {
            throw PersistenceError.invalidQuery(
                reason: "\(values.count) arguments for \(parameterCount) parameters in `\(sql ?? self.sql)`")
        }
        var index: Int32 = 1
        for value in values {
            try bind(value, at: index)
            index += 1
        }
    }

    /// Binds one value to the parameter at `index` (1-based).
    @inline(__always) func bind(_ value: DatabaseValue, at index: Int32) throws {
        try sqliteBind(handle, value, at: index)
    }

    // MARK: Running

    /// Runs the statement to completion, discarding any rows, then resets it.
    ///
    /// On the writer connection the change tracker sees where the statement starts and whether it
    /// failed: a failed statement's row changes are undone by SQLite and are dropped from the count.
    func run() throws {
        let handle = self.handle
        willRun()
        var code: Int32
        repeat {
            code = sqlite3_step(handle)
        } while code == SQLITE_ROW
        if code == SQLITE_DONE {
            didComplete()
            sqlite3_reset(handle)
            return
        }
        tracker?._withUnsafeGuaranteedRef { $0.abortStatement() }
        let error = connection.error(code, sql: sql)
        sqlite3_reset(handle)
        throw error
    }

    /// The statement starts running (for loops written out by callers): the change tracker sees
    /// where it starts, and a tracked read (an observation's fetch) the tables it reads.
    @inline(__always) func willRun() {
        tracker?._withUnsafeGuaranteedRef { $0.beginStatement() }
        if connection.isTrackingReads { connection.noteReads(readTables) }
    }

    /// The running statement completed (for loops written out by callers): tells the tracker about
    /// schema changes and about rows the row hook could not report.
    @inline(__always) func didComplete() {
        // Not while rows go uncounted (nobody follows the commits): the tracker would do nothing with them.
        guard let tracker, tracker._withUnsafeGuaranteedRef({ $0.isTracking }) else { return }
        if let writeTarget {
            let changes = Int(sqlite3_changes64(sqlite3_db_handle(handle)))
            tracker._withUnsafeGuaranteedRef { $0.statementCompleted(writing: writeTarget, changes: changes) }
        }
        if !schemaTables.isEmpty { tracker._withUnsafeGuaranteedRef { $0.schemaChanged(schemaTables) } }
    }

    /// The running statement failed (for loops written out by callers).
    func didFail() {
        tracker?._withUnsafeGuaranteedRef { $0.abortStatement() }
    }

    /// Steps through the rows, calling `body` on each (read the columns inside it), then resets.
    ///
    /// On the writer connection the change tracker sees where the statement starts and whether it
    /// failed: a failed statement's row changes are undone by SQLite and are dropped from the count.
    func forEachRow(_ body: () throws -> Void) throws {
        willRun()
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_ROW {
                do {
                    try body()
                } catch {
                    didFail()
                    throw error
                }
            } else if code == SQLITE_DONE {
                didComplete()
                return
            } else {
                didFail()
                throw connection.error(code, sql: sql)
            }
        }
    }

    // MARK: Columns

    /// The number of result columns.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The result column names, in order.
    func columnNames() -> [String] {
        (0..<columnCount).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// The storage class of a column of the current row (`SQLITE_INTEGER`, ...).
    @inline(__always) func columnType(at index: Int32) -> Int32 {
        sqlite3_column_type(handle, index)
    }

    /// A column of the current row as a value.
    func value(at index: Int32) -> DatabaseValue {
        sqliteValue(handle, at: index)
    }

    /// A column of the current row as a 64-bit integer (SQLite converts other storage classes).
    @inline(__always) func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// A column of the current row as a double (SQLite converts other storage classes).
    @inline(__always) func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }
}

import CSQLiteSupport
import FileSystem
import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// One SQLite connection with its prepared-statement cache.
///
/// A connection is used by one thread at a time: the writer's serial queue owns the writer connection,
/// and a reader connection belongs to the thread that checked it out of the `ReaderPool`.
final class Connection {
    /// The sqlite3 handle.
    let handle: OpaquePointer
    /// The file path (`:memory:` for an in-memory database), for error messages.
    let path: String
    /// Collects the rows changed per transaction (the writer connection only).
    private(set) var tracker: ChangeTracker?
    /// Answers SQLite's authorizer questions (the writer connection only).
    private(set) var authorizer: Authorizer?
    // The record caches are used by the connection's one thread at a time: no dynamic exclusivity checks.
    /// The statements of record inserts, updates, upserts and deletes, per record type.
    @exclusivity(unchecked) var recordStatements: [RecordStatementKey: RecordStatement] = [:]
    /// The record statement used last.
    @exclusivity(unchecked) var lastRecordStatement: (key: RecordStatementKey, statement: RecordStatement)?
    /// Binds records to cached statements (reused from record to record).
    let recordEncoder = RecordEncoder()
    /// Binds `EncodableRecord`s to cached statements, through `recordContainer`.
    let recordColumnWriter: RecordColumnWriter
    /// The container every `EncodableRecord` of this connection writes to: made once, so that
    /// writing a record retains nothing.
    @exclusivity(unchecked) var recordContainer: PersistenceContainer
    /// Whether `close` was called.
    private(set) var isClosed = false
    /// Whether statements that write are refused (`SQLITE_READONLY`), as `PRAGMA query_only` would:
    /// set while the writer connection runs a read. Not the pragma itself: setting it expires
    /// every prepared statement of the connection, so each commit that observations read after
    /// prepared all its statements again.
    @exclusivity(unchecked) var refusesWrites = false
    /// Whether statements note the tables they read in `trackedReads` (while an observation fetches).
    @exclusivity(unchecked) private(set) var isTrackingReads = false
    /// The tables read by the statements run since `startTrackingReads()`, each once. An array, not
    /// a set: a fetch reads one table or a few, and comparing short names costs less than hashing them.
    @exclusivity(unchecked) private var trackedReads: [String] = []

    @exclusivity(unchecked) private var statementCache: [String: Statement] = [:]
    private static let statementCacheLimit = 256
    /// BEGIN, COMMIT and ROLLBACK, prepared once each and found by position: every transaction runs
    /// two of them, and finding them in `statementCache` hashed their SQL each time.
    @exclusivity(unchecked) private var transactionStatements = TransactionControl.unprepared

    /// Opens (or creates, with `SQLITE_OPEN_CREATE` in `flags`) the database at `path`.
    init(path: String, flags: Int32) throws {
        let writer = RecordColumnWriter()
        recordColumnWriter = writer
        recordContainer = PersistenceContainer(writer)
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            // The file system's reason, when it gave one: SQLite's own words ("unable to open
            // database file") do not say what is wrong.
            if code & 0xFF == SQLITE_CANTOPEN, let handle, case let systemError = sqlite3_system_errno(handle), systemError != 0 {
                sqlite3_close_v2(handle)
                throw PersistenceError.cannotOpen(
                    path: path, reason: FileSystemError.system(.open, path: path, errno: systemError).reason)
            }
            let error = SQLiteError(
                code: ResultCode(rawValue: handle.map { sqlite3_extended_errcode($0) } ?? code),
                message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code)))
            sqlite3_close_v2(handle)
            throw PersistenceError.sqlite(error)
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        // Queries quote every column name; a misspelled one must fail, not compare with a string.
        csqlite_disable_double_quoted_strings_in_dml(handle)
    }

    deinit {
        close()
    }

    /// Finalizes the cached statements and closes the handle; later use throws `databaseClosed`.
    func close() {
        if isClosed { return }
        isClosed = true
        recordStatements.removeAll()
        lastRecordStatement = nil
        statementCache.removeAll()
        transactionStatements = TransactionControl.unprepared
        sqlite3_close_v2(handle)
    }

    /// Closes without letting SQLite checkpoint the WAL into the main file first.
    func closeWithoutTouchingTheFile() {
        csqlite_disable_checkpoint_on_close(handle)
        close()
    }

    /// Makes this the writer connection: installs the change tracker's hooks and the authorizer.
    func becomeWriter(prefersPreUpdateHook: Bool) {
        // Statements prepared so far know no tracker; the next ones will.
        statementCache.removeAll()
        transactionStatements = TransactionControl.unprepared
        let tracker = ChangeTracker()
        tracker.install(on: handle, prefersPreUpdateHook: prefersPreUpdateHook)
        self.tracker = tracker
        let authorizer = Authorizer()
        authorizer.install(on: handle)
        self.authorizer = authorizer
    }

    /// Starts noting the tables that the statements run from now on read (the writer connection only:
    /// the authorizer reports them).
    func startTrackingReads() {
        isTrackingReads = true
    }

    /// Notes the tables a statement about to run reads.
    func noteReads(_ tables: [String]) {
        for table in tables where !trackedReads.contains(table) { trackedReads.append(table) }
    }

    /// Stops noting reads and leaves in `tables` the tables read since `startTrackingReads()`; when
    /// they are the ones `tables` held already (the usual case), nothing is copied.
    func stopTrackingReads(into tables: inout [String]) {
        isTrackingReads = false
        if trackedReads != tables { tables = trackedReads }
        trackedReads.removeAll(keepingCapacity: true)
    }

    /// Waits up to `milliseconds` for another connection's lock before failing with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    // MARK: Errors

    /// The error SQLite reports for the last failed call, which returned `code`.
    func error(_ code: Int32, sql: String? = nil) -> PersistenceError {
        sqliteError(handle, code: code, sql: sql)
    }

    /// Throws unless the connection is open.
    @inline(__always) func checkOpen() throws {
        if isClosed { throw PersistenceError.databaseClosed }
    }

    // MARK: Statements

    /// A prepared statement for `sql` from the cache, prepared on first use.
    func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            try permit(statement, sql: sql)
            return statement
        }
        try checkOpen()
        var statement: Statement?
        try sql.withCString { start in
            var tail: UnsafePointer<CChar>?
            statement = try prepare(start, tail: &tail, persistent: true, sql: sql)
            if let tail, tail.pointee != 0, !Self.isBlank(tail) {
                throw PersistenceError.invalidQuery(reason: "expected one statement, got several: \(sql)")
            }
        }
        guard let statement else { throw PersistenceError.invalidQuery(reason: "no statement in `\(sql)`") }
        if statementCache.count >= Self.statementCacheLimit { statementCache.removeAll() }
        statementCache[sql] = statement
        try permit(statement, sql: sql)
        return statement
    }

    /// Refuses a statement that writes while `refusesWrites` is set.
    @inline(__always) private func permit(_ statement: Statement, sql: String) throws {
        if refusesWrites && !statement.isReadOnly {
            throw PersistenceError.sqlite(SQLiteError(code: .readOnly, message: "attempt to write a readonly database", sql: sql))
        }
    }

    /// Prepares the first statement at `start`; returns nil for a blank or comment-only text.
    func prepare(_ start: UnsafePointer<CChar>, tail: inout UnsafePointer<CChar>?, persistent: Bool, sql: String) throws -> Statement? {
        try checkOpen()
        var statementHandle: OpaquePointer?
        authorizer?.beginPreparing()
        let code = sqlite3_prepare_v3(handle, start, -1, persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0, &statementHandle, &tail)
        let prepared = authorizer?.endPreparing()
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
        guard let statementHandle else { return nil }
        return Statement(
            handle: statementHandle, connection: self, schemaTables: prepared?.schemaTables ?? [], writeTarget: prepared?.writeTarget,
            readTables: prepared?.readTables ?? [])
    }

    /// Runs SQL: one statement or several, each taking its share of `arguments` in turn.
    func execute(_ sql: String, arguments: [DatabaseValue] = []) throws {
        try checkOpen()
        var used = 0
        try sql.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                var tail: UnsafePointer<CChar>?
                guard let statement = try prepare(current, tail: &tail, persistent: false, sql: sql) else {
                    next = tail
                    continue
                }
                next = tail
                try permit(statement, sql: sql)
                let count = statement.parameterCount
                guard used + count <= arguments.count else {
                    throw PersistenceError.invalidQuery(reason: "\(arguments.count) arguments for more parameters in `\(sql)`")
                }
                try statement.bind(arguments[used..<(used + count)])
                used += count
                try statement.run()
            }
        }
        guard used == arguments.count else {
            throw PersistenceError.invalidQuery(reason: "\(arguments.count) arguments for \(used) parameters in `\(sql)`")
        }
    }

    /// The rows of one SQL statement.
    func fetchRows(_ sql: String, arguments: [DatabaseValue] = []) throws -> [Row] {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments, sql: sql)
        var rows: [Row] = []
        var columns: [String]?
        try statement.forEachRow {
            let names = columns ?? statement.columnNames()
            columns = names
            rows.append(Row(columns: names, values: (0..<Int32(names.count)).map { statement.value(at: $0) }))
        }
        return rows
    }

    private static func isBlank(_ text: UnsafePointer<CChar>) -> Bool {
        var pointer = text
        while pointer.pointee != 0 {
            switch pointer.pointee {
            case 0x20, 0x09, 0x0A, 0x0D, 0x3B: pointer += 1  // space, tab, newline, return, semicolon
            default: return false
            }
        }
        return true
    }

    // MARK: Transactions

    /// `BEGIN IMMEDIATE`: takes the write lock now, so the transaction never fails to upgrade later.
    func beginImmediate() throws { try run(.beginImmediate) }

    /// `BEGIN DEFERRED`: a read transaction; its first read fixes the snapshot.
    func beginDeferred() throws { try run(.beginDeferred) }

    /// `COMMIT`.
    func commit() throws { try run(.commit) }

    /// `ROLLBACK` when a transaction is open (SQLite may have rolled it back already).
    func rollbackIfNeeded() {
        guard !isClosed, isInTransaction else { return }
        try? run(.rollback)
    }

    /// Ends a read transaction (`COMMIT`; `ROLLBACK` if that fails).
    func endReadTransaction() {
        do {
            try commit()
        } catch {
            rollbackIfNeeded()
        }
    }

    /// `PRAGMA data_version`: changes when another connection commits, never for this one's commits.
    func dataVersion() throws -> Int64 {
        let statement = try cachedStatement("PRAGMA data_version")
        var version: Int64 = 0
        try statement.forEachRow { version = statement.int64(at: 0) }
        return version
    }

    /// Whether a transaction is open.
    var isInTransaction: Bool { !isClosed && sqlite3_get_autocommit(handle) == 0 }

    private func run(_ control: TransactionControl) throws {
        authorizer?.allowsTransactionControl = true
        defer { authorizer?.allowsTransactionControl = false }
        try checkOpen()
        if let statement = transactionStatements[control.rawValue] {
            try statement.run()
            return
        }
        let statement = try cachedStatement(control.sql)
        transactionStatements[control.rawValue] = statement
        try statement.run()
    }
}

/// The statements that begin and end transactions.
private enum TransactionControl: Int, CaseIterable {
    case beginImmediate, beginDeferred, commit, rollback

    /// One slot per statement, none prepared yet.
    static var unprepared: [Statement?] { [Statement?](repeating: nil, count: allCases.count) }

    var sql: String {
        switch self {
        case .beginImmediate: "BEGIN IMMEDIATE"
        case .beginDeferred: "BEGIN DEFERRED"
        case .commit: "COMMIT"
        case .rollback: "ROLLBACK"
        }
    }
}

import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// The writer connection's SQLite authorizer, consulted while a statement is prepared.
///
/// It does five things:
/// - returns `SQLITE_IGNORE` for deletes from user tables, which turns off SQLite's truncate
///   optimization so `DELETE FROM t` reports every row to the row hook (the change tracker counts them;
///   the pre-update hook turns the optimization off by itself, the update hook needs this);
/// - notes the tables whose schema a statement creates, alters or drops, which no row hook sees;
/// - notes the table a statement writes (the first write it authorizes; trigger bodies come after), so
///   the tracker can count rows of a WITHOUT ROWID table when the update hook (which skips them) counts;
/// - refuses `BEGIN`/`COMMIT`/`ROLLBACK` written by hand, so SQL run inside `write` cannot end the
///   transaction that makes the write all-or-nothing;
/// - notes the tables a statement reads (`SQLITE_READ`, views resolved to their tables), so that an
///   observation follows exactly the tables its fetch read, as GRDB's `ValueObservation.tracking` does.
final class Authorizer {
    /// Set while the database itself begins, commits or rolls back.
    var allowsTransactionControl = false
    private var schemaTables: [String] = []
    private var readTables: [String] = []
    private var writeTarget: StatementWrite?
    /// The table a DROP being prepared removes: SQLite then authorizes deleting its rows, which must
    /// not be ignored (IGNORE would skip the whole DROP).
    private var droppedTable: String?

    /// Installs the callback on the connection (which keeps this object alive).
    func install(on handle: OpaquePointer) {
        sqlite3_set_authorizer(handle, authorizerCallback, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Starts collecting the schema changes of the statement about to be prepared.
    func beginPreparing() {
        schemaTables.removeAll(keepingCapacity: true)
        readTables.removeAll(keepingCapacity: true)
        writeTarget = nil
        droppedTable = nil
    }

    /// The tables whose schema the prepared statement changes, the table it writes, and the tables
    /// it reads (lowercased, each once).
    func endPreparing() -> (schemaTables: [String], writeTarget: StatementWrite?, readTables: [String]) {
        (schemaTables, writeTarget, readTables)
    }

    /// Notes a table read by the statement being prepared (SQLite asks once per column read; once
    /// with an empty column for a table it reads no column of, as in `count(*)`).
    private func noteRead(_ table: UnsafePointer<CChar>?) {
        guard let table, strncmp(table, "sqlite_", 7) != 0 else { return }
        let name = String(cString: table).lowercased()
        if !readTables.contains(name) { readTables.append(name) }
    }

    private func noteWrite(_ operation: Int32, _ table: UnsafePointer<CChar>?) {
        guard writeTarget == nil, let table, strncmp(table, "sqlite_", 7) != 0 else { return }
        writeTarget = StatementWrite(table: String(cString: table), operation: operation)
    }

    fileprivate func authorize(_ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?) -> Int32 {
        switch action {
        case SQLITE_DELETE:
            // Deletes from sqlite_master, and of a dropped table's rows, belong to DROP statements, which
            // IGNORE would silently skip.
            guard let table = first, strncmp(table, "sqlite_", 7) != 0 else { return SQLITE_OK }
            if let droppedTable, droppedTable == String(cString: table) { return SQLITE_OK }
            noteWrite(action, table)
            return SQLITE_IGNORE
        case SQLITE_INSERT, SQLITE_UPDATE:
            noteWrite(action, first)
            return SQLITE_OK
        case SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_TABLE:
            if let table = first { schemaTables.append(String(cString: table)) }
            return SQLITE_OK
        case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE:
            if let table = first {
                let name = String(cString: table)
                schemaTables.append(name)
                droppedTable = name
            }
            return SQLITE_OK
        case SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_VTABLE:
            droppedTable = first.map { String(cString: $0) }
            return SQLITE_OK
        case SQLITE_ALTER_TABLE:
            if let table = second { schemaTables.append(String(cString: table)) }
            return SQLITE_OK
        case SQLITE_READ:
            noteRead(first)
            return SQLITE_OK
        case SQLITE_TRANSACTION:
            return allowsTransactionControl ? SQLITE_OK : SQLITE_DENY
        default:
            return SQLITE_OK
        }
    }
}

/// The table a statement writes and how (`SQLITE_INSERT`, `SQLITE_UPDATE` or `SQLITE_DELETE`).
struct StatementWrite {
    let table: String
    let operation: Int32
}

private func authorizerCallback(
    _ context: UnsafeMutableRawPointer?, _ action: Int32,
    _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?,
    _ database: UnsafePointer<CChar>?, _ trigger: UnsafePointer<CChar>?
) -> Int32 {
    guard let context else { return SQLITE_OK }
    return Unmanaged<Authorizer>.fromOpaque(context).takeUnretainedValue().authorize(action, first, second)
}

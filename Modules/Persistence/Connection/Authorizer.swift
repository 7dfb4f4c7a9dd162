import CSQLite
import Foundation

/// The writer connection's SQLite authorizer, consulted while a statement is prepared.
///
/// It does three things:
/// - returns `SQLITE_IGNORE` for deletes from user tables, which turns off SQLite's truncate
///   optimization so `DELETE FROM t` reports every row to the update hook (the change tracker counts them);
/// - notes the tables whose schema a statement creates, alters or drops, which the update hook never sees;
/// - refuses `BEGIN`/`COMMIT`/`ROLLBACK` written by hand, so SQL run inside `write` cannot end the
///   transaction that makes the write all-or-nothing.
final class Authorizer {
    /// Set while the database itself begins, commits or rolls back.
    var allowsTransactionControl = false
    private var schemaTables: [String] = []

    /// Installs the callback on the connection (which keeps this object alive).
    func install(on handle: OpaquePointer) {
        sqlite3_set_authorizer(handle, authorizerCallback, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Starts collecting the schema changes of the statement about to be prepared.
    func beginPreparing() {
        schemaTables.removeAll(keepingCapacity: true)
    }

    /// The tables whose schema the prepared statement changes.
    func endPreparing() -> [String] {
        schemaTables
    }

    fileprivate func authorize(_ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?) -> Int32 {
        switch action {
        case SQLITE_DELETE:
            // Deletes from sqlite_master (DROP TABLE, DROP INDEX) must not be touched: IGNORE would skip them.
            guard let table = first, strncmp(table, "sqlite_", 7) != 0 else { return SQLITE_OK }
            return SQLITE_IGNORE
        case SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_TABLE, SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE:
            if let table = first { schemaTables.append(String(cString: table)) }
            return SQLITE_OK
        case SQLITE_ALTER_TABLE:
            if let table = second { schemaTables.append(String(cString: table)) }
            return SQLITE_OK
        case SQLITE_TRANSACTION:
            return allowsTransactionControl ? SQLITE_OK : SQLITE_DENY
        default:
            return SQLITE_OK
        }
    }
}

private func authorizerCallback(
    _ context: UnsafeMutableRawPointer?, _ action: Int32,
    _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?,
    _ database: UnsafePointer<CChar>?, _ trigger: UnsafePointer<CChar>?
) -> Int32 {
    guard let context else { return SQLITE_OK }
    return Unmanaged<Authorizer>.fromOpaque(context).takeUnretainedValue().authorize(action, first, second)
}

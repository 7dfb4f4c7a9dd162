import CSQLite
import PersistenceInterface

/// Opens the writer connection of a database file, refusing a file that is not a sound database.
///
/// Nothing is written to the file before it has been read and checked: the schema read is the first
/// access to its content, so a file that is not a database fails there, and `quick_check` finds a
/// corrupt one. A refused file is closed without a WAL checkpoint, never truncated, overwritten or deleted.
enum FileOpener {
    /// The configured writer connection (WAL, synchronous NORMAL, foreign keys, busy timeout).
    static func openWriter(path: String, configuration: DatabaseConfiguration) throws -> Connection {
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        do {
            connection.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
            _ = try connection.fetchRows("SELECT count(*) FROM sqlite_master")
            if configuration.checksIntegrityOnOpen {
                let report = try connection.fetchRows("PRAGMA quick_check").compactMap { String.fromDatabaseValue($0[0]) }
                guard report == ["ok"] else {
                    throw PersistenceError.corrupt(
                        path: path, SQLiteError(code: .corrupt, message: report.prefix(3).joined(separator: "; "), sql: "PRAGMA quick_check"))
                }
            }
            let mode = try connection.fetchRows("PRAGMA journal_mode = WAL").first.flatMap { String.fromDatabaseValue($0[0]) }
            guard mode?.lowercased() == "wal" else {
                throw PersistenceError.sqlite(SQLiteError(code: .error, message: "cannot use WAL mode (journal mode is \(mode ?? "unknown"))"))
            }
            try connection.execute("PRAGMA synchronous = NORMAL")
            try connection.execute("PRAGMA foreign_keys = ON")
            return connection
        } catch let error as PersistenceError {
            connection.closeWithoutTouchingTheFile()
            throw classified(error, path: path)
        }
    }

    /// `notADatabase` or `corrupt` for SQLite's codes of the same meaning.
    private static func classified(_ error: PersistenceError, path: String) -> PersistenceError {
        guard case .sqlite(let sqliteError) = error else { return error }
        switch sqliteError.code.primary {
        case .notADatabase: return .notADatabase(path: path, sqliteError)
        case .corrupt: return .corrupt(path: path, sqliteError)
        default: return error
        }
    }
}

import Foundation
import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Opens the writer connection of a database file, refusing a file that is not a sound database.
///
/// Nothing is written to the file before it has been read and checked: the schema read is the first
/// access to its content, so a file that is not a database fails there, `quick_check` finds a
/// corrupt one, and the migrator's ownership check one that another program made or a newer one
/// migrated. Only then is its journal mode set. A refused file is closed without a WAL checkpoint,
/// never truncated, overwritten or deleted.
enum FileOpener {
    /// The configured writer connection (WAL, synchronous NORMAL, foreign keys, busy timeout), for a
    /// file that `migrator` may migrate.
    static func openWriter(path: String, configuration: DatabaseConfiguration, migrator: Migrator) throws -> Connection {
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        do {
            connection.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
            _ = try connection.fetchRows("SELECT count(*) FROM sqlite_master")
            if configuration.checksIntegrityOnOpen {
                let report = try connection.fetchRows("PRAGMA quick_check").compactMap { String.fromDatabaseValue($0[0]) }
                guard report == ["ok"] else {
                    throw PersistenceError.corrupt(
                        path: path,
                        SQLiteError(code: .corrupt, message: report.prefix(3).joined(separator: "; "), sql: "PRAGMA quick_check"))
                }
            }
            try checkOwnership(connection, path: path, migrator: migrator)
            let mode = try switchToWAL(connection, within: configuration.busyTimeout)
            guard mode?.lowercased() == "wal" else {
                throw PersistenceError.sqlite(
                    SQLiteError(code: .error, message: "cannot use WAL mode (journal mode is \(mode ?? "unknown"))"))
            }
            try connection.execute("PRAGMA synchronous = NORMAL")
            try connection.execute("PRAGMA foreign_keys = ON")
            return connection
        } catch let error as PersistenceError {
            connection.closeWithoutTouchingTheFile()
            throw classified(error, path: path)
        }
    }

    /// `PRAGMA journal_mode = WAL`, tried again while another connection holds the lock, until `limit`.
    ///
    /// Changing the mode of a file in rollback-journal mode needs its exclusive lock, and SQLite
    /// answers `SQLITE_BUSY` at once, without its busy handler, when two connections contend for it
    /// (waiting could deadlock them): processes opening a new file together meet here.
    private static func switchToWAL(_ connection: Connection, within limit: Duration) throws -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var pause = Duration.milliseconds(1)
        while true {
            do {
                return try connection.fetchRows("PRAGMA journal_mode = WAL").first.flatMap { String.fromDatabaseValue($0[0]) }
            } catch PersistenceError.sqlite(let error) where error.code.primary == .busy && clock.now + pause < deadline {
                // Jittered, so that contenders that collided do not collide again in step.
                Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 * Double.random(in: 0.5...1.5))
                pause = min(pause * 2, .milliseconds(50))
            }
        }
    }

    /// The migrator's check, in one read transaction: a process migrating the file meanwhile commits
    /// its tables and their history together, and this sees both or neither.
    private static func checkOwnership(_ connection: Connection, path: String, migrator: Migrator) throws {
        try connection.beginDeferred()
        defer { connection.endReadTransaction() }
        let transaction = SQLiteTransaction(connection: connection, writable: false)
        defer { transaction.invalidate() }
        try migrator.checkOwnership(transaction, path: path)
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

/// Everything the persistence layer can fail with.
public enum PersistenceError: Error, Sendable, Hashable {
    /// SQLite refused an operation.
    case sqlite(SQLiteError)
    /// The file at `path` is not an SQLite database; it was left untouched.
    case notADatabase(path: String, SQLiteError)
    /// The database file at `path` is corrupt; it was left untouched.
    case corrupt(path: String, SQLiteError)
    /// The database file at `path` cannot be opened (it is a directory, its directory is missing,
    /// permission is denied, the path is too long); `reason` says which.
    case cannotOpen(path: String, reason: String)
    /// The file at `path` is another program's database: it has tables but no record of migrations,
    /// so migrating it would collide with them; it was left untouched.
    case foreignDatabase(path: String)
    /// The file was migrated by newer code: these applied migrations are unknown to this program.
    case newerSchema(unknownMigrations: [String])
    /// Two migrations share a name.
    case duplicateMigration(name: String)
    /// No row of `table` has the record's primary key.
    case recordNotFound(table: String)
    /// A record could not be turned into a row.
    case encoding(type: String, column: String?, reason: String)
    /// A row could not be turned into a record (or a value).
    case decoding(type: String, column: String?, reason: String)
    /// A query or its arguments are invalid.
    case invalidQuery(reason: String)
    /// A read transaction was given SQL that writes.
    case writeInReadTransaction(sql: String)
    /// A write was started inside another write's transaction (it would deadlock or nest).
    case nestedTransaction
    /// An observer delivered on the writer queue (`ObservationDelivery.writerQueue`) started a write.
    case writeDuringDelivery
    /// A transaction value was used after its closure returned.
    case transactionNotActive
    /// The database was closed.
    case databaseClosed

    /// SQLite's error, when SQLite reported the failure.
    public var sqliteError: SQLiteError? {
        switch self {
        case .sqlite(let error), .notADatabase(_, let error), .corrupt(_, let error): error
        default: nil
        }
    }

    /// SQLite's extended result code, when SQLite reported the failure.
    public var resultCode: ResultCode? { sqliteError?.code }
}

extension PersistenceError: CustomStringConvertible {
    /// A sentence saying what failed (never the stored values).
    public var description: String {
        switch self {
        case .sqlite(let error): "\(error)"
        case .notADatabase(let path, let error): "The file at \(path) is not a database (\(error)); it was left untouched."
        case .corrupt(let path, let error): "The database at \(path) is corrupt (\(error)); it was left untouched."
        case .cannotOpen(let path, let reason): "The database at \(path) cannot be opened: \(reason)."
        case .foreignDatabase(let path):
            "The file at \(path) is another program's database (it has tables but no migration history); it was left untouched."
        case .newerSchema(let unknown):
            "The database was migrated by a newer version of the program (unknown migrations: \(unknown.joined(separator: ", ")))."
        case .duplicateMigration(let name): "Two migrations are named \(name)."
        case .recordNotFound(let table): "No row of \(table) has the record's primary key."
        case .encoding(let type, let column, let reason): "Cannot store \(type)\(column.map { ".\($0)" } ?? ""): \(reason)."
        case .decoding(let type, let column, let reason): "Cannot read \(type)\(column.map { " from column \($0)" } ?? ""): \(reason)."
        case .invalidQuery(let reason): "Invalid query: \(reason)."
        case .writeInReadTransaction(let sql): "A read transaction cannot run a statement that writes: \(sql)"
        case .nestedTransaction: "A write cannot start inside another write's transaction."
        case .writeDuringDelivery: "An observer delivered on the writer queue cannot write: it runs while a commit is being published."
        case .transactionNotActive: "A transaction was used after its closure returned."
        case .databaseClosed: "The database is closed."
        }
    }
}

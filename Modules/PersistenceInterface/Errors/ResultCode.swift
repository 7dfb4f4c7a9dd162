/// An SQLite result code, primary (`constraint`) or extended (`constraintPrimaryKey`).
public struct ResultCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The numeric code as SQLite defines it.
    public let rawValue: Int32

    /// The code with this value.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of an extended code (its low 8 bits).
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// `SQLITE_ERROR`: a generic error (bad SQL, no such table or column, ...).
    public static let error = ResultCode(rawValue: 1)
    /// `SQLITE_INTERNAL`.
    public static let `internal` = ResultCode(rawValue: 2)
    /// `SQLITE_PERM`.
    public static let permission = ResultCode(rawValue: 3)
    /// `SQLITE_ABORT`.
    public static let abort = ResultCode(rawValue: 4)
    /// `SQLITE_BUSY`: another connection holds a lock.
    public static let busy = ResultCode(rawValue: 5)
    /// `SQLITE_LOCKED`.
    public static let locked = ResultCode(rawValue: 6)
    /// `SQLITE_NOMEM`.
    public static let noMemory = ResultCode(rawValue: 7)
    /// `SQLITE_READONLY`.
    public static let readOnly = ResultCode(rawValue: 8)
    /// `SQLITE_INTERRUPT`.
    public static let interrupt = ResultCode(rawValue: 9)
    /// `SQLITE_IOERR`.
    public static let ioError = ResultCode(rawValue: 10)
    /// `SQLITE_CORRUPT`: the database file is malformed.
    public static let corrupt = ResultCode(rawValue: 11)
    /// `SQLITE_FULL`.
    public static let full = ResultCode(rawValue: 13)
    /// `SQLITE_CANTOPEN`.
    public static let cantOpen = ResultCode(rawValue: 14)
    /// `SQLITE_SCHEMA`.
    public static let schema = ResultCode(rawValue: 17)
    /// `SQLITE_TOOBIG`.
    public static let tooBig = ResultCode(rawValue: 18)
    /// `SQLITE_CONSTRAINT`: a constraint failed.
    public static let constraint = ResultCode(rawValue: 19)
    /// `SQLITE_MISMATCH`.
    public static let mismatch = ResultCode(rawValue: 20)
    /// `SQLITE_MISUSE`.
    public static let misuse = ResultCode(rawValue: 21)
    /// `SQLITE_AUTH`: a statement was refused (for example ending the managed transaction by hand).
    public static let authorization = ResultCode(rawValue: 23)
    /// `SQLITE_RANGE`: a parameter index out of range.
    public static let range = ResultCode(rawValue: 25)
    /// `SQLITE_NOTADB`: the file is not a database.
    public static let notADatabase = ResultCode(rawValue: 26)
    /// `SQLITE_CONSTRAINT_CHECK`.
    public static let constraintCheck = ResultCode(rawValue: 275)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
    public static let constraintForeignKey = ResultCode(rawValue: 787)
    /// `SQLITE_CONSTRAINT_NOTNULL`.
    public static let constraintNotNull = ResultCode(rawValue: 1299)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public static let constraintPrimaryKey = ResultCode(rawValue: 1555)
    /// `SQLITE_CONSTRAINT_UNIQUE`.
    public static let constraintUnique = ResultCode(rawValue: 2067)

    /// `SQLITE_<n>` with the numeric value.
    public var description: String { "SQLite result code \(rawValue)" }
}

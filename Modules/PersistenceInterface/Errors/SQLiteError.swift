/// A failure reported by SQLite: its (extended) result code, its message and the statement that failed.
///
/// The statement is the SQL text as written by the program, with `?` placeholders; bound values are
/// never part of an error, so an error can be logged without leaking what was stored.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`code.primary` is the primary one).
    public let code: ResultCode
    /// SQLite's message (`sqlite3_errmsg`).
    public let message: String
    /// The SQL that failed, when a statement failed.
    public let sql: String?

    /// An error with the given parts.
    public init(code: ResultCode, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// `SQLite error <code>: <message>` and the statement.
    public var description: String {
        "SQLite error \(code.rawValue): \(message)" + (sql.map { " (while running `\($0)`)" } ?? "")
    }
}

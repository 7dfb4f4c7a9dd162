import Foundation

/// One SQLite value: NULL, a 64-bit integer, a double, UTF-8 text or a blob.
public enum DatabaseValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// An INTEGER (64-bit signed).
    case integer(Int64)
    /// A REAL (64-bit IEEE double).
    case real(Double)
    /// TEXT (UTF-8).
    case text(String)
    /// A BLOB.
    case blob(Data)

    /// Whether this is NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// SQLite's name of the storage class (`NULL`, `INTEGER`, `REAL`, `TEXT`, `BLOB`), for messages.
    public var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}

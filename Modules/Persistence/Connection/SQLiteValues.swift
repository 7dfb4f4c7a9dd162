import CSQLiteSupport
import Foundation
import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

// Binding and reading values on a raw statement handle. The record encoder and decoder call these on
// their hot paths with the handle alone, so no object is retained per value.

/// The error SQLite reports on `database` for a call that returned `code`.
func sqliteError(_ database: OpaquePointer, code: Int32, sql: String?) -> PersistenceError {
    let extended = sqlite3_extended_errcode(database)
    let resultCode = extended & 0xFF == code & 0xFF ? extended : code
    return .sqlite(SQLiteError(code: ResultCode(rawValue: resultCode), message: String(cString: sqlite3_errmsg(database)), sql: sql))
}

/// Binds one value to the parameter at `index` (1-based) of `statement`.
@inline(__always) func sqliteBind(_ statement: OpaquePointer, _ value: DatabaseValue, at index: Int32) throws {
    let code: Int32
    switch value {
    case .null:
        code = sqlite3_bind_null(statement, index)
    case .integer(let integer):
        code = sqlite3_bind_int64(statement, index, integer)
    case .real(let real):
        code = sqlite3_bind_double(statement, index, real)
    case .text(var text):
        code = text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else {
                // A nil pointer would bind NULL; the empty string is a zero-length text.
                return "".withCString { sqlite3_bind_text64(statement, index, $0, 0, csqlite_transient(), UInt8(SQLITE_UTF8)) }
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(statement, index, $0, sqlite3_uint64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    case .blob(let data):
        if data.isEmpty {
            // A nil pointer would bind NULL; an empty blob is a zero-length blob.
            code = sqlite3_bind_zeroblob(statement, index, 0)
        } else {
            code = data.withUnsafeBytes { bytes in
                sqlite3_bind_blob64(statement, index, bytes.baseAddress, sqlite3_uint64(bytes.count), csqlite_transient())
            }
        }
    }
    if code != SQLITE_OK { throw bindFailure(statement, code: code) }
}

/// The error of a bind call on `statement` that returned `code`, with the statement's SQL.
private func bindFailure(_ statement: OpaquePointer, code: Int32) -> PersistenceError {
    sqliteError(sqlite3_db_handle(statement), code: code, sql: sqlite3_sql(statement).map { String(cString: $0) })
}

/// Memory that keeps the bytes of the text or blob bound to one parameter (`sqliteBindInPlace`).
struct ParameterBytes {
    var start: UnsafeMutableRawPointer?
    var capacity = 0

    /// The longest value kept; a longer one SQLite copies itself, and the statement keeps no more memory.
    static let largest = 4_096
}

/// Binds one value to the parameter at `index` (1-based) of `statement`, as `sqliteBind` does, but
/// a text or blob up to `ParameterBytes.largest` bytes is copied into `bytes`, which SQLite then
/// reads in place (`SQLITE_STATIC`): a copy into memory SQLite allocates (`SQLITE_TRANSIENT`) costs
/// a malloc and, when the value is replaced, a free, each behind SQLite's memory mutex, about 400
/// instructions per value. `bytes` must keep them until the parameter is bound again or the
/// statement finalized: `Statement.parameterBytes` does.
@inline(__always) func sqliteBindInPlace(
    _ statement: OpaquePointer, _ value: DatabaseValue, at index: Int32, keepingBytesIn bytes: UnsafeMutablePointer<ParameterBytes>
) throws {
    // nil: not a value kept in place (another kind, empty, or too long), bound as `sqliteBind` binds it.
    let code: Int32? =
        switch value {
        case .text(var text):
            text.withUTF8 { bindStatic(statement, at: index, UnsafeRawBufferPointer($0), keepingBytesIn: bytes, isText: true) }
        case .blob(let data):
            data.withUnsafeBytes { bindStatic(statement, at: index, $0, keepingBytesIn: bytes, isText: false) }
        default:
            nil
        }
    guard let code else { return try sqliteBind(statement, value, at: index) }
    if code != SQLITE_OK { throw bindFailure(statement, code: code) }
}

/// Copies `source` into `bytes` (growing it first if needed) and binds it there, static; nil, binding
/// nothing, when `source` is empty or longer than `ParameterBytes.largest`.
@inline(__always) private func bindStatic(
    _ statement: OpaquePointer, at index: Int32, _ source: UnsafeRawBufferPointer,
    keepingBytesIn bytes: UnsafeMutablePointer<ParameterBytes>, isText: Bool
) -> Int32? {
    let count = source.count
    guard count > 0, count <= ParameterBytes.largest, let from = source.baseAddress else { return nil }
    // Outgrown memory is freed only once the parameter is bound elsewhere: SQLite points into it until then.
    var outgrown: UnsafeMutableRawPointer?
    if bytes.pointee.capacity < count {
        outgrown = bytes.pointee.start
        let capacity = max(32, min(ParameterBytes.largest, count * 2))
        bytes.pointee.start = .allocate(byteCount: capacity, alignment: 16)
        bytes.pointee.capacity = capacity
    }
    // Allocated above if it was not before: `count` is at least 1.
    guard let start = bytes.pointee.start else { return nil }
    start.copyMemory(from: from, byteCount: count)
    let code =
        isText
        ? sqlite3_bind_text64(statement, index, start.assumingMemoryBound(to: CChar.self), sqlite3_uint64(count), nil, UInt8(SQLITE_UTF8))
        : sqlite3_bind_blob64(statement, index, start, sqlite3_uint64(count), nil)
    if let outgrown {
        if code != SQLITE_OK { sqlite3_bind_null(statement, index) }
        outgrown.deallocate()
    }
    return code
}

// A column is read by taking its value once (`sqlite3_column_value`) and reading that with
// `sqlite3_value_*`: each `sqlite3_column_*` call looks the column up again (and would take the
// connection's mutex, were there one), which was a third of the cost of reading a field. The value
// is used on the connection's one thread before the next step, which is all an unprotected value asks.

/// A column of the current row as a value.
func sqliteValue(_ statement: OpaquePointer, at index: Int32) -> DatabaseValue {
    guard let value = sqlite3_column_value(statement, index) else { return .null }
    switch sqlite3_value_type(value) {
    case SQLITE_NULL: return .null
    case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
    case SQLITE_TEXT: return .text(sqliteText(value))
    default: return .blob(sqliteData(value))
    }
}

/// A column value as text (its bytes as UTF-8, embedded NULs kept, invalid sequences repaired as
/// `String(decoding:as:)` repairs them).
@inline(__always) func sqliteText(_ value: OpaquePointer) -> String {
    guard let start = sqlite3_value_text(value) else { return "" }
    let bytes = UnsafeRawBufferPointer(start: start, count: Int(sqlite3_value_bytes(value)))
    // Copied first and checked in place: `String(decoding:as:)` checks, then copies through a
    // slower path, which cost a short name about 80 instructions more.
    return String(unsafeUninitializedCapacity: bytes.count) { storage in
        UnsafeMutableRawBufferPointer(storage).copyMemory(from: bytes)
        return bytes.count
    }
}

/// A column value as bytes.
func sqliteData(_ value: OpaquePointer) -> Data {
    guard let start = sqlite3_value_blob(value) else { return Data() }
    return Data(bytes: start, count: Int(sqlite3_value_bytes(value)))
}

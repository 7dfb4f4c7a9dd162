import CSQLite
import Foundation
import PersistenceInterface

/// A prepared statement: bind arguments, step through rows, read columns.
///
/// Every run ends with `sqlite3_reset`, so a finished statement never holds a read snapshot or a lock.
/// Used only by the thread that owns its connection.
final class Statement {
    let handle: OpaquePointer
    /// The connection that prepared it (which outlives it: the connection owns the caches that hold statements).
    unowned(unsafe) let connection: Connection
    /// Tables whose schema the statement changes (CREATE, ALTER, DROP TABLE), reported by the authorizer.
    let schemaTables: [String]

    init(handle: OpaquePointer, connection: Connection, schemaTables: [String]) {
        self.handle = handle
        self.connection = connection
        self.schemaTables = schemaTables
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The SQL text, for error messages.
    var sql: String { sqlite3_sql(handle).map { String(cString: $0) } ?? "" }

    /// The number of `?` parameters.
    var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    // MARK: Binding

    /// Binds `values` to the parameters, in order; the count must match.
    func bind<Values: Collection<DatabaseValue>>(_ values: Values, sql: String? = nil) throws {
        guard values.count == parameterCount else {
            throw PersistenceError.invalidQuery(reason: "\(values.count) arguments for \(parameterCount) parameters in `\(sql ?? self.sql)`")
        }
        var index: Int32 = 1
        for value in values {
            try bind(value, at: index)
            index += 1
        }
    }

    /// Binds one value to the parameter at `index` (1-based).
    @inline(__always) func bind(_ value: DatabaseValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .text(let text):
            code = bindText(text, at: index)
        case .blob(let data):
            if data.isEmpty {
                // A nil pointer would bind NULL; an empty blob is a zero-length blob.
                code = sqlite3_bind_zeroblob(handle, index, 0)
            } else {
                code = data.withUnsafeBytes { bytes in
                    sqlite3_bind_blob64(handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), csqlite_transient())
                }
            }
        }
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    @inline(__always) private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else {
                // A nil pointer would bind NULL; the empty string is a zero-length text.
                return "".withCString { sqlite3_bind_text64(handle, index, $0, 0, csqlite_transient(), UInt8(SQLITE_UTF8)) }
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(handle, index, $0, sqlite3_uint64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }

    // MARK: Running

    /// Runs the statement to completion, discarding any rows.
    func run() throws {
        try forEachRow {}
    }

    /// Steps through the rows, calling `body` on each (read the columns inside it), then resets.
    ///
    /// On the writer connection the change tracker sees where the statement starts and whether it
    /// failed: a failed statement's row changes are undone by SQLite and are dropped from the count.
    @inline(__always) func forEachRow(_ body: () throws -> Void) throws {
        let tracker = connection.tracker
        tracker?.beginStatement()
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_ROW {
                do {
                    try body()
                } catch {
                    tracker?.abortStatement()
                    throw error
                }
            } else if code == SQLITE_DONE {
                if !schemaTables.isEmpty { tracker?.schemaChanged(schemaTables) }
                return
            } else {
                tracker?.abortStatement()
                throw connection.error(code, sql: sql)
            }
        }
    }

    // MARK: Columns

    /// The number of result columns.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The result column names, in order.
    func columnNames() -> [String] {
        (0..<columnCount).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// The storage class of a column of the current row (`SQLITE_INTEGER`, ...).
    @inline(__always) func columnType(at index: Int32) -> Int32 {
        sqlite3_column_type(handle, index)
    }

    /// A column of the current row as a value.
    func value(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: .text(text(at: index))
        default: .blob(data(at: index))
        }
    }

    /// A column of the current row as text (its bytes as UTF-8, embedded NULs kept).
    @inline(__always) func text(at index: Int32) -> String {
        guard let start = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// A column of the current row as bytes.
    func data(at index: Int32) -> Data {
        guard let start = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: start, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// A column of the current row as a 64-bit integer (SQLite converts other storage classes).
    @inline(__always) func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// A column of the current row as a double (SQLite converts other storage classes).
    @inline(__always) func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }
}

import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Reads each row of a fetch as an `InPlaceFetchableRecord`, whose `init(columns:)` reads the
/// statement's current row where SQLite holds it.
///
/// One reader serves every row of a fetch, and the statement's next fetches of the same record type
/// (its `RecordDecoder` keeps it), and hands each record the same `RowColumns`: made once, it costs
/// nothing per row.
final class InPlaceRecordReader: StatementRecordReader {
    private let source: StatementColumns
    private let columns: RowColumns
    private let type: any InPlaceFetchableRecord.Type

    /// A reader of `statement`'s rows, whose columns are `names`, as records of `type`.
    init(statement: Statement, names: [String], type: any InPlaceFetchableRecord.Type) {
        source = StatementColumns(statement: statement.handle, names: names)
        columns = RowColumns(source)
        self.type = type
    }

    /// Reads the record of the current row into `slot`, memory for a `Slot` (the reader's type: the
    /// fetch found it by casting `Slot.self`).
    func read<Slot: Decodable>(into slot: UnsafeMutablePointer<Slot>) throws {
        // Opened from a local: a stored property's existential is not opened for a generic argument.
        let type = self.type
        try readRecord(type, into: slot)
    }

    private func readRecord<Record: InPlaceFetchableRecord, Slot>(_ type: Record.Type, into slot: UnsafeMutablePointer<Slot>) throws {
        source.isReading = true
        defer { source.isReading = false }
        let destination = UnsafeMutableRawPointer(slot).assumingMemoryBound(to: Record.self)
        do {
            destination.initialize(to: try Record(columns: columns))
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError.decoding(type: "\(Record.self)", column: nil, reason: errorSummary(error))
        }
    }
}

/// The current row of a statement as a `RowColumnSource`. Each read takes the column's value once,
/// as `sqliteValue` does, and reads only the storage class it was asked for.
///
/// A record may keep its `RowColumns` past its initializer; a read then stops the program, where
/// it would otherwise read another row, or a statement that is gone.
private final class StatementColumns: RowColumnSource {
    private let statement: OpaquePointer
    private let names: [String]
    /// Whether a record's initializer is running: the only time the columns may be read.
    var isReading = false

    init(statement: OpaquePointer, names: [String]) {
        self.statement = statement
        self.names = names
    }

    /// The statement, once it is checked that a record's initializer is reading.
    private var readable: OpaquePointer {
        @inline(__always) get {
            precondition(isReading, "A statement's columns were read after the record's initializer returned; keep `columns.row` instead")
            return statement
        }
    }

    var columnCount: Int { names.count }

    func columnName(at index: Int) -> String { names[index] }

    func columnIndex(named name: String) -> Int? { names.indexOfColumn(named: name) }

    func value(at index: Int) -> DatabaseValue { sqliteValue(readable, at: Int32(index)) }

    func integer(at index: Int) -> Int64? {
        guard let value = sqlite3_column_value(readable, Int32(index)), sqlite3_value_type(value) == SQLITE_INTEGER else { return nil }
        return sqlite3_value_int64(value)
    }

    func real(at index: Int) -> Double? {
        guard let value = sqlite3_column_value(readable, Int32(index)), sqlite3_value_type(value) == SQLITE_FLOAT else { return nil }
        return sqlite3_value_double(value)
    }

    func text(at index: Int) -> String? {
        guard let value = sqlite3_column_value(readable, Int32(index)), sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
        return sqliteText(value)
    }

    func isNull(at index: Int) -> Bool {
        guard let value = sqlite3_column_value(readable, Int32(index)) else { return true }
        return sqlite3_value_type(value) == SQLITE_NULL
    }
}

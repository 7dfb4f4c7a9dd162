import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Reads the current row of a statement as a `Row`, for `FetchableRecord.init(row:)`.
///
/// One reader serves every row of a fetch, and the statement's next fetches of the same record
/// type (its `RecordDecoder` keeps it): the column names are read once and shared by every
/// row, and the values are read into the same array each time, in place once the record made from
/// the previous row has let it go (a record that keeps its `Row` keeps a copy). An array allocated
/// and freed per row cost a generic metadata lookup each time.
final class RowReader: StatementRecordReader {
    private let statement: OpaquePointer
    private let names: [String]
    private let type: any FetchableRecord.Type
    // Used by the connection's one thread, one row at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var values: [DatabaseValue]

    /// A reader of `statement`'s rows, whose columns are `names`, as records of `type`.
    init(statement: Statement, names: [String], type: any FetchableRecord.Type) {
        self.statement = statement.handle
        self.names = names
        self.type = type
        values = Array(repeating: .null, count: names.count)
    }

    /// Reads the record of the current row into `slot`, memory for a `Record` (the reader's type:
    /// the fetch found it by casting `Record.self`).
    func read<Record: Decodable>(into slot: UnsafeMutablePointer<Record>) throws {
        // Opened from a local: a stored property's existential is not opened for a generic argument.
        let type = self.type
        try readRecord(type, into: slot)
    }

    private func readRecord<Fetchable: FetchableRecord, Record>(_ type: Fetchable.Type, into slot: UnsafeMutablePointer<Record>) throws {
        let handle = statement
        values.withUnsafeMutableBufferPointer { values in
            for index in values.indices { values[index] = sqliteValue(handle, at: Int32(index)) }
        }
        let destination = UnsafeMutableRawPointer(slot).assumingMemoryBound(to: Fetchable.self)
        do {
            destination.initialize(to: try Fetchable(row: Row(columns: names, values: values)))
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError.decoding(type: "\(Fetchable.self)", column: nil, reason: errorSummary(error))
        }
    }
}

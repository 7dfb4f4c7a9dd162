import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Turns the current row of a statement into a `Decodable` record, reading each column on demand.
///
/// One decoder serves every row of a fetch, and the next fetches of the same statement and record
/// type (`reusing`): it holds the result's column names, read after the first step, and keeps them
/// for as long as SQLite has not prepared the statement again (a statement re-prepared after a
/// schema change may have new columns).
final class RecordDecoder: Decoder, StatementRecordReader {
    let codingPath: [CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]
    // The raw statement handle and a buffer of names: the per-column path retains nothing. The
    // statement outlives the fetch that created this decoder.
    fileprivate let statement: OpaquePointer
    let names: UnsafeMutableBufferPointer<String>
    fileprivate let recordType: Any.Type
    /// Where the next key is expected (keys usually come in column order); reset for each row.
    fileprivate let hint: UnsafeMutablePointer<Int>
    /// How many times SQLite had prepared the statement again when the names were read.
    private let preparations: Int32
    /// Per key type, what its containers read from (`RowDecodingParts`), freed with the decoder.
    private var parts: [ObjectIdentifier: UnsafeMutablePointer<RowDecodingParts>] = [:]
    /// How a fetch reads a record of `recordType`, chosen once per decoder: casting the type to a
    /// protocol is a conformance lookup, which an observation's re-fetch would pay after every commit.
    let reading: Reading

    /// The way a fetch reads each row, by what the record type conforms to.
    enum Reading {
        /// An `InPlaceFetchableRecord`, read where SQLite holds the row.
        case inPlace(InPlaceRecordReader)
        /// A `FetchableRecord`, read from a `Row`.
        case row(RowReader)
        /// Any other `Decodable`, decoded by this decoder.
        case decoder
    }

    private init(statement: Statement, recordType: Any.Type) {
        self.statement = statement.handle
        let columnNames = statement.columnNames()
        names = .allocate(capacity: columnNames.count)
        _ = names.initialize(from: columnNames)
        self.recordType = recordType
        hint = .allocate(capacity: 1)
        hint.initialize(to: 0)
        preparations = sqlite3_stmt_status(statement.handle, SQLITE_STMTSTATUS_REPREPARE, 0)
        if let inPlace = recordType as? any InPlaceFetchableRecord.Type {
            reading = .inPlace(InPlaceRecordReader(statement: statement, names: columnNames, type: inPlace))
        } else if let fetchable = recordType as? any FetchableRecord.Type {
            reading = .row(RowReader(statement: statement, names: columnNames, type: fetchable))
        } else {
            reading = .decoder
        }
    }

    /// The decoder of `statement`'s last fetch when it decoded `Record` from the same columns, else
    /// a new one, which the statement keeps. Call after the first step.
    static func reusing<Record: Decodable>(_ statement: Statement, for type: Record.Type) -> RecordDecoder {
        if let decoder = statement.recordDecoder, decoder.recordType == Record.self,
            decoder.preparations == sqlite3_stmt_status(statement.handle, SQLITE_STMTSTATUS_REPREPARE, 0)
        {
            return decoder
        }
        let decoder = RecordDecoder(statement: statement, recordType: Record.self)
        statement.recordDecoder = decoder
        return decoder
    }

    deinit {
        names.deinitialize().deallocate()
        hint.deallocate()
        for part in parts.values {
            part.pointee.keyColumns.deallocate()
            part.deinitialize(count: 1).deallocate()
        }
    }

    /// The record in the statement's current row.
    @inline(__always) func decode<Record: Decodable>(_ type: Record.Type) throws -> Record {
        hint.pointee = 0
        do {
            return try Record(from: self)
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError.decoding(type: "\(Record.self)", column: nil, reason: errorSummary(error))
        }
    }

    /// Decodes the record in the statement's current row into `slot`.
    @inline(__always) func read<Record: Decodable>(into slot: UnsafeMutablePointer<Record>) throws {
        slot.initialize(to: try decode(Record.self))
    }

    /// The container of the previous row and its key type. Rows share a container (it holds no
    /// per-row state): building one per row costs several runtime generic-metadata lookups, since
    /// the record type is only known at run time; fetching the shared one costs none
    /// (`SharedContainer`).
    private var cachedKeyType: ObjectIdentifier?
    private var cachedContainer: AnyObject?

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if cachedKeyType == ObjectIdentifier(Key.self), let cachedContainer {
            // The key type matched, so this is the `SharedContainer` stored below.
            return unsafeDowncast(cachedContainer, to: SharedContainer<KeyedDecodingContainer<Key>>.self).copy()
        }
        return makeContainer(keyedBy: Key.self)
    }

    /// A new container for `Key`, kept for the next rows. Apart, so that the path above holds no
    /// container of its own, whose space would need its type's metadata on every row.
    @inline(never)
    private func makeContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        let container = KeyedDecodingContainer(RowDecodingContainer<Key>(parts: parts(for: Key.self)))
        cachedKeyType = ObjectIdentifier(Key.self)
        cachedContainer = SharedContainer(container)
        return container
    }

    /// The parts of `Key`'s containers, with its own table of keys seen at each column, made on first use.
    private func parts<Key>(for type: Key.Type) -> UnsafeMutablePointer<RowDecodingParts> {
        if let part = parts[ObjectIdentifier(Key.self)] { return part }
        let keyColumns = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: names.count)
        keyColumns.initialize(repeating: 0)
        let part = UnsafeMutablePointer<RowDecodingParts>.allocate(capacity: 1)
        part.initialize(
            to: RowDecodingParts(
                statement: statement, names: names, hint: hint, recordType: recordType, keyColumns: keyColumns))
        parts[ObjectIdentifier(Key.self)] = part
        return part
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        throw PersistenceError.decoding(
            type: "\(recordType)", column: nil, reason: "a row decodes as a keyed container, one key per column")
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        throw PersistenceError.decoding(
            type: "\(recordType)", column: nil, reason: "a row decodes as a keyed container, one key per column")
    }
}

/// The decoder's raw parts that one key type's containers read from: reading a column retains
/// nothing. Owned by the decoder, which outlives every container it hands out during one
/// `init(from:)` call.
private struct RowDecodingParts {
    let statement: OpaquePointer
    let names: UnsafeMutableBufferPointer<String>
    let hint: UnsafeMutablePointer<Int>
    let recordType: Any.Type
    /// The key found at each column (`KeyColumns`).
    let keyColumns: UnsafeMutableBufferPointer<UInt64>
}

/// The row's keyed container: each key reads its column, converting only when no precision is lost.
///
/// One pointer wide: the standard library's type-erasing box copies the container on every value
/// it decodes.
private struct RowDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let parts: UnsafeMutablePointer<RowDecodingParts>
    private var statement: OpaquePointer { parts.pointee.statement }
    private var names: UnsafeMutableBufferPointer<String> { parts.pointee.names }
    private var hint: UnsafeMutablePointer<Int> { parts.pointee.hint }
    private var recordType: Any.Type { parts.pointee.recordType }
    private var keyColumns: UnsafeMutableBufferPointer<UInt64> { parts.pointee.keyColumns }
    var codingPath: [CodingKey] { [] }

    var allKeys: [Key] { names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        index(of: key.stringValue) != nil
    }

    /// The position of the column named `key`: the hint first (keys usually come in column order), then
    /// an exact match, then one that differs only in ASCII case (SQLite's own rule for names).
    @inline(__always) private func index(of key: String) -> Int? {
        let hint = self.hint.pointee
        if hint < names.count, names[hint] == key { return hint }
        if let index = names.firstIndex(where: { $0 == key }) { return index }
        let lowered = key.lowercased()
        return names.firstIndex { $0.lowercased() == lowered }
    }

    private func failure(_ key: String, _ reason: String) -> PersistenceError {
        .decoding(type: "\(recordType)", column: key, reason: reason)
    }

    /// The column of `key`, nil when the row has none; the next key is expected after it.
    @inline(__always) private func columnIndex(_ key: Key) -> Int? {
        let entry = KeyColumns.entry(key)
        let expected = hint.pointee
        if let entry, expected < keyColumns.count, keyColumns[expected] == entry {
            hint.pointee = expected + 1
            return expected
        }
        guard let index = index(of: key.stringValue) else { return nil }
        if let entry { keyColumns[index] = entry }
        hint.pointee = index + 1
        return index
    }

    @inline(__always) private func column(_ key: Key) throws -> Int32 {
        guard let index = columnIndex(key) else {
            throw failure(key.stringValue, "the row has no such column")
        }
        return Int32(index)
    }

    /// The column of `key` unless it is missing or NULL.
    @inline(__always) private func presentColumn(_ key: Key) -> Int32? {
        guard let index = columnIndex(key) else { return nil }
        return sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL ? nil : Int32(index)
    }

    private func converted<T: DatabaseValueConvertible>(_ type: T.Type, at index: Int32, key: Key) throws -> T {
        let value = sqliteValue(statement, at: index)
        guard let result = T.fromDatabaseValue(value) else {
            throw failure(key.stringValue, "cannot read \(value.storageClass) as \(T.self) without loss")
        }
        return result
    }

    // The typed reads take the column's value once, as `sqliteValue` does (SQLiteValues.swift).
    @inline(__always) private func integer<T: FixedWidthInteger & DatabaseValueConvertible>(_ type: T.Type, at index: Int32, key: Key)
        throws -> T
    {
        if let value = sqlite3_column_value(statement, index), sqlite3_value_type(value) == SQLITE_INTEGER,
            let result = T(exactly: sqlite3_value_int64(value))
        {
            return result
        }
        return try converted(T.self, at: index, key: key)
    }

    @inline(__always) private func string(at index: Int32, key: Key) throws -> String {
        if let value = sqlite3_column_value(statement, index), sqlite3_value_type(value) == SQLITE_TEXT {
            return sqliteText(value)
        }
        return try converted(String.self, at: index, key: key)
    }

    @inline(__always) private func double(at index: Int32, key: Key) throws -> Double {
        if let value = sqlite3_column_value(statement, index), sqlite3_value_type(value) == SQLITE_FLOAT {
            return sqlite3_value_double(value)
        }
        return try converted(Double.self, at: index, key: key)
    }

    private func value<T: Decodable>(_ type: T.Type, at index: Int32, key: Key) throws -> T {
        try ColumnValueDecoder.decode(T.self, from: sqliteValue(statement, at: index), recordType: recordType, column: key.stringValue)
    }

    func decodeNil(forKey key: Key) throws -> Bool { sqlite3_column_type(statement, try column(key)) == SQLITE_NULL }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try converted(Bool.self, at: try column(key), key: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try string(at: try column(key), key: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try double(at: try column(key), key: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try converted(Float.self, at: try column(key), key: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(Int.self, at: try column(key), key: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(Int8.self, at: try column(key), key: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(Int16.self, at: try column(key), key: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(Int32.self, at: try column(key), key: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(Int64.self, at: try column(key), key: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(UInt.self, at: try column(key), key: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(UInt8.self, at: try column(key), key: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(UInt16.self, at: try column(key), key: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(UInt32.self, at: try column(key), key: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(UInt64.self, at: try column(key), key: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(T.self, at: try column(key), key: key) }

    // A missing column or NULL is nil; otherwise the value must convert.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try presentColumn(key).map { try converted(Bool.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try presentColumn(key).map { try string(at: $0, key: key) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try presentColumn(key).map { try double(at: $0, key: key) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try presentColumn(key).map { try converted(Float.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try presentColumn(key).map { try integer(Int.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try presentColumn(key).map { try integer(Int8.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try presentColumn(key).map { try integer(Int16.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try presentColumn(key).map { try integer(Int32.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try presentColumn(key).map { try integer(Int64.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try presentColumn(key).map { try integer(UInt.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try presentColumn(key).map { try integer(UInt8.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try presentColumn(key).map { try integer(UInt16.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try presentColumn(key).map { try integer(UInt32.self, at: $0, key: key) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try presentColumn(key).map { try integer(UInt64.self, at: $0, key: key) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try presentColumn(key).map { try value(T.self, at: $0, key: key) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw failure(key.stringValue, "nested containers have no column; give the property a Codable type (stored as JSON)")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        throw failure(key.stringValue, "nested containers have no column; give the property a Codable type (stored as JSON)")
    }

    func superDecoder() throws -> Decoder {
        throw failure("super", "super decoders are not supported by rows")
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        throw failure(key.stringValue, "super decoders are not supported by rows")
    }
}

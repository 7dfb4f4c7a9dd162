import CSQLite
import PersistenceInterface

/// The result columns of one statement run, and the lookup from a coding key to a column position.
final class ColumnLayout {
    let names: [String]

    init(_ statement: Statement) {
        names = statement.columnNames()
    }

    /// The position of the column named `key`: `hint` first (keys usually come in column order), then
    /// an exact match, then one that differs only in ASCII case (SQLite's own rule for names).
    @inline(__always) func index(of key: String, hint: Int) -> Int? {
        if hint < names.count, names[hint] == key { return hint }
        if let index = names.firstIndex(of: key) { return index }
        let lowered = key.lowercased()
        return names.firstIndex { $0.lowercased() == lowered }
    }
}

/// Turns the current row of a statement into a `Decodable` record, reading each column on demand.
final class RecordDecoder: Decoder {
    let codingPath: [CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]
    fileprivate let statement: Statement
    fileprivate let layout: ColumnLayout
    fileprivate let recordType: Any.Type
    fileprivate var hint = 0

    private init(statement: Statement, layout: ColumnLayout, recordType: Any.Type) {
        self.statement = statement
        self.layout = layout
        self.recordType = recordType
    }

    /// The record in the statement's current row.
    @inline(__always) static func decode<Record: Decodable>(_ type: Record.Type, statement: Statement, layout: ColumnLayout) throws -> Record {
        let decoder = RecordDecoder(statement: statement, layout: layout, recordType: Record.self)
        do {
            return try Record(from: decoder)
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError.decoding(type: "\(Record.self)", column: nil, reason: "\(error)")
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowDecodingContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        throw PersistenceError.decoding(type: "\(recordType)", column: nil, reason: "a row decodes as a keyed container, one key per column")
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        throw PersistenceError.decoding(type: "\(recordType)", column: nil, reason: "a row decodes as a keyed container, one key per column")
    }

    fileprivate func failure(_ key: String, _ reason: String) -> PersistenceError {
        .decoding(type: "\(recordType)", column: key, reason: reason)
    }
}

/// The row's keyed container: each key reads its column, converting only when no precision is lost.
private struct RowDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RecordDecoder
    var codingPath: [CodingKey] { [] }

    var allKeys: [Key] { decoder.layout.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        decoder.layout.index(of: key.stringValue, hint: decoder.hint) != nil
    }

    @inline(__always) private func column(_ key: Key) throws -> Int32 {
        guard let index = decoder.layout.index(of: key.stringValue, hint: decoder.hint) else {
            throw decoder.failure(key.stringValue, "the row has no such column")
        }
        decoder.hint = index + 1
        return Int32(index)
    }

    /// The column of `key` unless it is missing or NULL.
    @inline(__always) private func presentColumn(_ key: Key) -> Int32? {
        guard let index = decoder.layout.index(of: key.stringValue, hint: decoder.hint) else { return nil }
        decoder.hint = index + 1
        return decoder.statement.columnType(at: Int32(index)) == SQLITE_NULL ? nil : Int32(index)
    }

    private func converted<T: DatabaseValueConvertible>(_ type: T.Type, at index: Int32, key: Key) throws -> T {
        let value = decoder.statement.value(at: index)
        guard let result = T.fromDatabaseValue(value) else {
            throw decoder.failure(key.stringValue, "cannot read \(value.storageClass) as \(T.self) without loss")
        }
        return result
    }

    @inline(__always) private func integer<T: FixedWidthInteger & DatabaseValueConvertible>(_ type: T.Type, at index: Int32, key: Key) throws -> T {
        if decoder.statement.columnType(at: index) == SQLITE_INTEGER, let result = T(exactly: decoder.statement.int64(at: index)) {
            return result
        }
        return try converted(T.self, at: index, key: key)
    }

    @inline(__always) private func string(at index: Int32, key: Key) throws -> String {
        if decoder.statement.columnType(at: index) == SQLITE_TEXT { return decoder.statement.text(at: index) }
        return try converted(String.self, at: index, key: key)
    }

    @inline(__always) private func double(at index: Int32, key: Key) throws -> Double {
        if decoder.statement.columnType(at: index) == SQLITE_FLOAT { return decoder.statement.double(at: index) }
        return try converted(Double.self, at: index, key: key)
    }

    private func value<T: Decodable>(_ type: T.Type, at index: Int32, key: Key) throws -> T {
        try ColumnValueDecoder.decode(T.self, from: decoder.statement.value(at: index), recordType: decoder.recordType, column: key.stringValue)
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.statement.columnType(at: try column(key)) == SQLITE_NULL }
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
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentColumn(key).map { try converted(Bool.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentColumn(key).map { try string(at: $0, key: key) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try presentColumn(key).map { try double(at: $0, key: key) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try presentColumn(key).map { try converted(Float.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentColumn(key).map { try integer(Int.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try presentColumn(key).map { try integer(Int8.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try presentColumn(key).map { try integer(Int16.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try presentColumn(key).map { try integer(Int32.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try presentColumn(key).map { try integer(Int64.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try presentColumn(key).map { try integer(UInt.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try presentColumn(key).map { try integer(UInt8.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try presentColumn(key).map { try integer(UInt16.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try presentColumn(key).map { try integer(UInt32.self, at: $0, key: key) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try presentColumn(key).map { try integer(UInt64.self, at: $0, key: key) } }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try presentColumn(key).map { try value(T.self, at: $0, key: key) } }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw decoder.failure(key.stringValue, "nested containers have no column; give the property a Codable type (stored as JSON)")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        throw decoder.failure(key.stringValue, "nested containers have no column; give the property a Codable type (stored as JSON)")
    }

    func superDecoder() throws -> Decoder {
        throw decoder.failure("super", "super decoders are not supported by rows")
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        throw decoder.failure(key.stringValue, "super decoders are not supported by rows")
    }
}

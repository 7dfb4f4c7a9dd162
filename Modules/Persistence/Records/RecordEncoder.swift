import Foundation
import PersistenceInterface

/// The columns and values of one record, in the order its `encode(to:)` wrote them.
struct EncodedRow {
    var columns: [String] = []
    var values: [DatabaseValue] = []

    /// The value of a column, or nil when the record did not encode it.
    func value(of column: String) -> DatabaseValue? {
        columns.firstIndex(of: column).map { values[$0] }
    }
}

/// Turns a `Codable` record into a row: each key of its keyed container is a column.
///
/// Integers, floating-point numbers, Bool, String, Data and Date map to SQLite storage classes without
/// loss (see `ColumnValueEncoder` for the rest); a nil optional is NULL, always written, so a record's
/// column set does not depend on which optionals are nil.
final class RecordEncoder: Encoder {
    let codingPath: [CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]
    fileprivate(set) var row = EncodedRow()
    fileprivate let recordType: Any.Type
    fileprivate var failure: PersistenceError?

    private init(recordType: Any.Type, columnCapacity: Int) {
        self.recordType = recordType
        row.columns.reserveCapacity(columnCapacity)
        row.values.reserveCapacity(columnCapacity)
    }

    /// The row of a record.
    static func encode<Record: DatabaseRecord>(_ record: Record, columnCapacity: Int = 8) throws -> EncodedRow {
        let encoder = RecordEncoder(recordType: Record.self, columnCapacity: columnCapacity)
        do {
            try record.encode(to: encoder)
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError.encoding(type: "\(Record.self)", column: nil, reason: "\(error)")
        }
        if let failure = encoder.failure { throw failure }
        return encoder.row
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RowEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        fail(column: nil, "a record encodes a keyed container, one key per column, not an unkeyed one")
        return IgnoringEncoder().unkeyedContainer()
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        fail(column: nil, "a record encodes a keyed container, one key per column, not a single value")
        return IgnoringEncoder().singleValueContainer()
    }

    fileprivate func fail(column: String?, _ reason: String) {
        if failure == nil { failure = .encoding(type: "\(recordType)", column: column, reason: reason) }
    }

    @inline(__always) fileprivate func append(_ column: String, _ value: DatabaseValue) {
        if let existing = row.columns.firstIndex(of: column) {
            row.values[existing] = value
        } else {
            row.columns.append(column)
            row.values.append(value)
        }
    }
}

/// The record's keyed container: every value becomes one column.
private struct RowEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: RecordEncoder
    var codingPath: [CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { encoder.append(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.append(key.stringValue, .integer(value ? 1 : 0)) }
    mutating func encode(_ value: String, forKey key: Key) throws { encoder.append(key.stringValue, .text(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        encoder.append(key.stringValue, try ColumnValueEncoder.real(value, type: encoder.recordType, column: key.stringValue))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        encoder.append(key.stringValue, try ColumnValueEncoder.real(Double(value), type: encoder.recordType, column: key.stringValue))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.append(key.stringValue, .integer(Int64(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encoder.append(key.stringValue, .integer(Int64(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encoder.append(key.stringValue, .integer(Int64(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encoder.append(key.stringValue, .integer(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encoder.append(key.stringValue, .integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        encoder.append(key.stringValue, try ColumnValueEncoder.integer(value, type: encoder.recordType, column: key.stringValue))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encoder.append(key.stringValue, .integer(Int64(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encoder.append(key.stringValue, .integer(Int64(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encoder.append(key.stringValue, .integer(Int64(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        encoder.append(key.stringValue, try ColumnValueEncoder.integer(value, type: encoder.recordType, column: key.stringValue))
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.append(key.stringValue, try ColumnValueEncoder.encode(value, type: encoder.recordType, column: key.stringValue))
    }

    // Synthesized `Codable` skips nil optionals with `encodeIfPresent`; a row writes them as NULL so
    // that updating a record to nil clears the column.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.fail(column: key.stringValue, "nested containers have no column; give the property a Codable type (stored as JSON)")
        return IgnoringEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        encoder.fail(column: key.stringValue, "nested containers have no column; give the property a Codable type (stored as JSON)")
        return IgnoringEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        encoder.fail(column: nil, "super encoders are not supported by rows")
        return IgnoringEncoder()
    }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        encoder.fail(column: key.stringValue, "super encoders are not supported by rows")
        return IgnoringEncoder()
    }
}

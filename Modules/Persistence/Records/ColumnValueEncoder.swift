import Foundation
import PersistenceInterface

/// Turns one property value into one column value.
///
/// Date is a REAL of seconds since 2001 (the double it holds, exact), Data a BLOB, URL its absolute
/// string; a `DatabaseValueConvertible` type is its `databaseValue`; a single-value `Codable` type
/// (a raw-value enum, UUID, ...) is what it encodes; anything that encodes a keyed or unkeyed
/// container (a nested struct, an array) is stored as JSON text.
final class ColumnValueEncoder: Encoder {
    let codingPath: [CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]
    fileprivate let recordType: Any.Type
    fileprivate let column: String
    fileprivate var value: DatabaseValue?
    fileprivate var needsJSON = false

    private init(recordType: Any.Type, column: String) {
        self.recordType = recordType
        self.column = column
    }

    /// The column value of a property of `type` stored in `column`.
    static func encode<T: Encodable>(_ value: T, type: Any.Type, column: String) throws -> DatabaseValue {
        if let date = value as? Date { return date.databaseValue }
        if let data = value as? Data { return .blob(data) }
        if let url = value as? URL { return .text(url.absoluteString) }
        if let convertible = value as? any DatabaseValueConvertible {
            let converted = convertible.databaseValue
            if converted.isNull, !((value as? any OptionalValue)?.isNil ?? false) {
                throw PersistenceError.encoding(
                    type: "\(type)", column: column, reason: "\(T.self) value has no lossless SQLite representation")
            }
            return converted
        }
        let encoder = ColumnValueEncoder(recordType: type, column: column)
        try value.encode(to: encoder)
        if encoder.needsJSON { return try json(value, type: type, column: column) }
        guard let encoded = encoder.value else {
            throw PersistenceError.encoding(type: "\(type)", column: column, reason: "\(T.self) encoded no value")
        }
        return encoded
    }

    /// A REAL, refusing NaN (SQLite would store NULL).
    static func real(_ value: Double, type: Any.Type, column: @autoclosure () -> String) throws -> DatabaseValue {
        guard !value.isNaN else {
            throw PersistenceError.encoding(type: "\(type)", column: column(), reason: "NaN has no SQLite representation")
        }
        return .real(value)
    }

    /// An INTEGER, refusing values beyond Int64.
    static func integer<T: BinaryInteger>(_ value: T, type: Any.Type, column: @autoclosure () -> String) throws -> DatabaseValue {
        guard let integer = Int64(exactly: value) else {
            throw PersistenceError.encoding(
                type: "\(type)", column: column(), reason: "a \(T.self) value is beyond SQLite's 64-bit integers")
        }
        return .integer(integer)
    }

    private static func json<T: Encodable>(_ value: T, type: Any.Type, column: String) throws -> DatabaseValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw PersistenceError.encoding(
                type: "\(type)", column: column, reason: "cannot encode \(T.self) as JSON: \(errorSummary(error))")
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        needsJSON = true
        return IgnoringEncoder().container(keyedBy: type)
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        needsJSON = true
        return IgnoringEncoder().unkeyedContainer()
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        SingleColumnEncodingContainer(encoder: self)
    }
}

/// A nil optional, whichever its wrapped type.
protocol OptionalValue {
    var isNil: Bool { get }
}

extension Optional: OptionalValue {
    var isNil: Bool { self == nil }
}

private struct SingleColumnEncodingContainer: SingleValueEncodingContainer {
    let encoder: ColumnValueEncoder
    var codingPath: [CodingKey] { [] }

    private func set(_ value: DatabaseValue) { encoder.value = value }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.integer(value ? 1 : 0)) }
    mutating func encode(_ value: String) throws { set(.text(value)) }
    mutating func encode(_ value: Double) throws {
        set(try ColumnValueEncoder.real(value, type: encoder.recordType, column: encoder.column))
    }
    mutating func encode(_ value: Float) throws {
        set(try ColumnValueEncoder.real(Double(value), type: encoder.recordType, column: encoder.column))
    }
    mutating func encode(_ value: Int) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt) throws {
        set(try ColumnValueEncoder.integer(value, type: encoder.recordType, column: encoder.column))
    }
    mutating func encode(_ value: UInt8) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws {
        set(try ColumnValueEncoder.integer(value, type: encoder.recordType, column: encoder.column))
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try ColumnValueEncoder.encode(value, type: encoder.recordType, column: encoder.column))
    }
}

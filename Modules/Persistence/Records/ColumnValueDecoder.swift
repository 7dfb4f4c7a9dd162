import Foundation
import PersistenceInterface

/// Turns one column value back into a property value: the inverse of `ColumnValueEncoder`.
final class ColumnValueDecoder: Decoder {
    let codingPath: [CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]
    fileprivate let value: DatabaseValue
    fileprivate let recordType: Any.Type
    fileprivate let column: String

    private init(value: DatabaseValue, recordType: Any.Type, column: String) {
        self.value = value
        self.recordType = recordType
        self.column = column
    }

    /// Thrown when the decoded type asks for a container: the column holds it as JSON.
    private struct NeedsJSON: Error {}

    /// The property value of type `T` that `value`, read from `column`, stores.
    static func decode<T: Decodable>(_ type: T.Type, from value: DatabaseValue, recordType: Any.Type, column: String) throws -> T {
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
            guard let result = convert(convertible, value) as? T else {
                throw PersistenceError.decoding(
                    type: "\(recordType)", column: column, reason: "cannot read \(value.storageClass) as \(T.self) without loss")
            }
            return result
        }
        if T.self == URL.self {
            guard case .text(let text) = value, let url = URL(string: text) as? T else {
                throw PersistenceError.decoding(type: "\(recordType)", column: column, reason: "cannot read \(value.storageClass) as a URL")
            }
            return url
        }
        do {
            return try T(from: ColumnValueDecoder(value: value, recordType: recordType, column: column))
        } catch is NeedsJSON {
            return try json(T.self, from: value, recordType: recordType, column: column)
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError.decoding(type: "\(recordType)", column: column, reason: errorSummary(error))
        }
    }

    private static func convert<C: DatabaseValueConvertible>(_ type: C.Type, _ value: DatabaseValue) -> Any? {
        C.fromDatabaseValue(value).map { $0 as Any }
    }

    private static func json<T: Decodable>(_ type: T.Type, from value: DatabaseValue, recordType: Any.Type, column: String) throws -> T {
        let data: Data
        switch value {
        case .text(let text): data = Data(text.utf8)
        case .blob(let blob): data = blob
        default:
            throw PersistenceError.decoding(
                type: "\(recordType)", column: column, reason: "expected JSON text for \(T.self), got \(value.storageClass)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw PersistenceError.decoding(
                type: "\(recordType)", column: column, reason: "cannot decode \(T.self) from JSON: \(errorSummary(error))")
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw NeedsJSON() }
    func unkeyedContainer() throws -> UnkeyedDecodingContainer { throw NeedsJSON() }
    func singleValueContainer() throws -> SingleValueDecodingContainer { SingleColumnDecodingContainer(decoder: self) }

    fileprivate func converted<T: DatabaseValueConvertible>(_ type: T.Type) throws -> T {
        guard let result = T.fromDatabaseValue(value) else {
            throw PersistenceError.decoding(
                type: "\(recordType)", column: column, reason: "cannot read \(value.storageClass) as \(T.self) without loss")
        }
        return result
    }
}

private struct SingleColumnDecodingContainer: SingleValueDecodingContainer {
    let decoder: ColumnValueDecoder
    var codingPath: [CodingKey] { [] }

    func decodeNil() -> Bool { decoder.value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.converted(Bool.self) }
    func decode(_ type: String.Type) throws -> String { try decoder.converted(String.self) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.converted(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.converted(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.converted(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.converted(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.converted(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.converted(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.converted(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.converted(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.converted(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.converted(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.converted(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.converted(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ColumnValueDecoder.decode(T.self, from: decoder.value, recordType: decoder.recordType, column: decoder.column)
    }
}

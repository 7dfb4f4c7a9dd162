import Foundation

/// Why `decoded(asType:)` cannot read a value (Firebase's `RemoteConfigValueCodableError`).
public enum RemoteConfigValueCodableError: Error, Sendable, Hashable {
    /// The type cannot be read from a config value at all; the text says which.
    case unsupportedType(String)
}

/// Why `setDefaults(from:)` refused its input (Firebase's `RemoteConfigCodableError`).
public enum RemoteConfigCodableError: Error, Sendable, Hashable {
    /// The input does not encode to an object of values.
    case invalidSetDefaultsInput(String)
}

extension RemoteConfigValue {
    /// The value as `Value`, as Firebase's `decoded(asType:)` reads it: a `String`, `Data` or
    /// `Bool` from `stringValue`, `dataValue` or `boolValue`; a number from `numberValue` (an
    /// integer type only when it holds the number exactly); anything else (arrays, objects, their
    /// optionals) as JSON with `decoder`. Throws `DecodingError`, or
    /// `RemoteConfigValueCodableError.unsupportedType` for `Date`, as Firebase does.
    public func decoded<Value: Decodable>(asType: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        if let value = stringValue as? Value, Value.self == String.self { return value }
        if let value = dataValue as? Value, Value.self == Data.self { return value }
        if let value = boolValue as? Value, Value.self == Bool.self { return value }
        if let number = Value.self as? any ConfigNumber.Type {
            guard let value = number.fromConfigNumber(numberValue) as? Value else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [], debugDescription: "Parsed JSON number <\(stringValue)> does not fit in \(Value.self)."))
            }
            return value
        }
        if Value.self == Date.self {
            throw RemoteConfigValueCodableError.unsupportedType(
                "Date type is not currently supported for  Remote Config Value decoding. Please file a feature request")
        }
        return try decoder.decode(Value.self, from: dataValue)
    }
}

/// The number types a config value's `numberValue` converts to: an integer type only when it
/// holds the number exactly, a floating-point type always (the nearest value).
protocol ConfigNumber {
    static func fromConfigNumber(_ value: Double) -> Self?
}

extension ConfigNumber where Self: BinaryInteger {
    static func fromConfigNumber(_ value: Double) -> Self? { Self(exactly: value) }
}

extension ConfigNumber where Self: BinaryFloatingPoint {
    static func fromConfigNumber(_ value: Double) -> Self? { Self(value) }
}

extension Int: ConfigNumber {}
extension Int8: ConfigNumber {}
extension Int16: ConfigNumber {}
extension Int32: ConfigNumber {}
extension Int64: ConfigNumber {}
extension UInt: ConfigNumber {}
extension UInt8: ConfigNumber {}
extension UInt16: ConfigNumber {}
extension UInt32: ConfigNumber {}
extension UInt64: ConfigNumber {}
extension Double: ConfigNumber {}
extension Float: ConfigNumber {}

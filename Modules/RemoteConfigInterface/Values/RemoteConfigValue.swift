import Foundation

/// One config value: raw bytes (remote values are UTF-8 strings) read as the type the caller needs.
///
/// The conversions never fail, as in Firebase: a value that is not a number reads as 0, one that is
/// not a recognised boolean as `false`, one that is not a JSON array or object as a `nil` JSON value.
/// `decoded(as:)` is the strict reading that throws.
public struct RemoteConfigValue: Sendable, Hashable {
    /// The raw bytes.
    public let dataValue: Data

    /// Where the value came from.
    public let source: RemoteConfigSource

    /// A value holding `data`, from `source`.
    public init(data: Data, source: RemoteConfigSource) {
        self.dataValue = data
        self.source = source
    }

    /// A value holding the UTF-8 bytes of `string`, from `source`.
    public init(string: String, source: RemoteConfigSource) {
        self.init(data: Data(string.utf8), source: source)
    }

    /// The empty value for a key that no source holds.
    public static let empty = RemoteConfigValue(data: Data(), source: .static)

    /// The bytes as UTF-8 text (invalid sequences become U+FFFD).
    public var stringValue: String {
        String(decoding: dataValue, as: UTF8.self)
    }

    /// The text as a number, or 0 when it is not one.
    public var numberValue: Double {
        Double(stringValue.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// `true` for "1", "true", "t", "yes", "y" or "on" (any case, surrounding blanks ignored), else `false`.
    public var boolValue: Bool {
        BooleanWords.parse(stringValue) ?? false
    }

    /// The bytes parsed as a JSON array or object (Foundation types), or `nil` when they are not one.
    public var jsonValue: Any? {
        guard let object = try? JSONSerialization.jsonObject(with: dataValue) else { return nil }
        return object is [Any] || object is [String: Any] ? object : nil
    }

    /// The value as `Value` (`String`/`Data`/`Bool` from the bare text, else JSON); throws `DecodingError`.
    public func decoded<Value: Decodable>(
        as type: Value.Type = Value.self, using decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        // Remote values are bare strings ("hello", "yes"), not JSON text, for these three types.
        if Value.self == String.self, let string = stringValue as? Value { return string }
        if Value.self == Data.self, let data = dataValue as? Value { return data }
        if Value.self == Bool.self {
            guard let bool = BooleanWords.parse(stringValue), let value = bool as? Value else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: [], debugDescription: "\"\(stringValue)\" is not a boolean word"
                ))
            }
            return value
        }
        return try decoder.decode(Value.self, from: dataValue)
    }
}

extension RemoteConfigValue: CustomStringConvertible {
    /// The text and the source, for logs and test failures.
    public var description: String {
        "RemoteConfigValue(\"\(stringValue)\", source: .\(source.rawValue))"
    }
}

import Foundation

/// Any JSON value, keeping booleans apart from numbers: claims such as `email_verified` must be
/// read by their JSON type, which `JSONSerialization`'s `NSNumber` blurs.
enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The JSON object in `bytes`, or nil when they are not one. The decoding error is dropped on
    /// purpose: it may quote the input, and the input may be a secret.
    static func object(from bytes: [UInt8]) -> [String: JSONValue]? {
        guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else { return nil }
        return members
    }

    /// The string, if this is one.
    var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The number, if this is one.
    var number: Double? {
        if case .number(let value) = self { value } else { nil }
    }
}

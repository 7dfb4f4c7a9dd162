import Foundation

/// An in-app default, stored as the text (or bytes) a remote value of that kind would have.
public enum RemoteConfigDefaultValue: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A number, stored as its shortest text ("3", "2.5").
    case number(Double)
    /// A boolean, stored as "true" or "false".
    case bool(Bool)
    /// Raw bytes.
    case data(Data)

    /// A default holding `value` encoded as JSON text (for arrays and objects read with `decoded(asType:)`).
    public static func json<Value: Encodable>(_ value: Value, using encoder: JSONEncoder = JSONEncoder()) throws -> Self {
        .data(try encoder.encode(value))
    }

    /// The bytes a `RemoteConfigValue` of this default holds.
    public var data: Data {
        switch self {
        case .string(let string): Data(string.utf8)
        case .number(let number): Data(Self.text(of: number).utf8)
        case .bool(let bool): Data((bool ? "true" : "false").utf8)
        case .data(let data): data
        }
    }

    // Integral numbers print without ".0", as an NSNumber's stringValue does in Firebase.
    private static func text(of number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}

extension RemoteConfigDefaultValue: ExpressibleByStringLiteral {
    /// A text default.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension RemoteConfigDefaultValue: ExpressibleByIntegerLiteral {
    /// A number default.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension RemoteConfigDefaultValue: ExpressibleByFloatLiteral {
    /// A number default.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension RemoteConfigDefaultValue: ExpressibleByBooleanLiteral {
    /// A boolean default.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

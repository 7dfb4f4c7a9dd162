/// Any JSON value, keeping booleans apart from numbers: claims such as `email_verified` must be
/// read by their JSON type, which `JSONSerialization`'s `NSNumber` blurs.
package enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`, never a number.
    case bool(Bool)
    /// A number, as the nearest `Double`.
    case number(Double)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; its member names are unique, `StrictJSONParser` refuses an object that repeats one.
    case object([String: JSONValue])

    /// The JSON object in `bytes`, or nil when they are not one, by `StrictJSONParser`'s rules:
    /// callers only need to know whether the text is acceptable, not where it went wrong.
    static func object(from bytes: [UInt8]) -> [String: JSONValue]? {
        guard case .object(let members)? = try? StrictJSONParser.parse(bytes) else { return nil }
        return members
    }

    /// The string, if this is one.
    package var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The number, if this is one.
    package var number: Double? {
        if case .number(let value) = self { value } else { nil }
    }
}

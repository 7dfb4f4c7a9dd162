import Foundation

/// A custom signal's value (Firebase's `CustomSignalValue`): text or a number, which the server's
/// conditions compare with the values a template names.
public enum CustomSignalValue: Sendable, Hashable {
    /// Text, at most 500 characters.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// A number.
    case double(Double)

    /// The value as sent: numbers as their shortest text, a whole double without ".0" (as an
    /// `NSNumber`'s `stringValue` is on Apple platforms).
    public var text: String {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .double(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
    }
}

extension CustomSignalValue: ExpressibleByStringLiteral {
    /// A text value.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension CustomSignalValue: ExpressibleByIntegerLiteral {
    /// A whole number.
    public init(integerLiteral value: Int) { self = .integer(value) }
}

extension CustomSignalValue: ExpressibleByFloatLiteral {
    /// A number.
    public init(floatLiteral value: Double) { self = .double(value) }
}

/// Why `setCustomSignals` refused the signals; the stored ones stay as they were.
public enum RemoteConfigCustomSignalsError: Error, Sendable, Hashable {
    /// A key over 250 characters, a text value over 500, or more than 100 signals in all (Firebase's limits).
    case limitExceeded(String)
}

extension RemoteConfigCustomSignalsError: LocalizedError {
    /// Firebase's sentence for the limit.
    public var errorDescription: String? {
        switch self {
        case .limitExceeded(let sentence): sentence
        }
    }
}

/// Firebase's rules for custom signals, shared by every implementation.
public enum CustomSignals {
    /// The most signals an app may set.
    public static let maximumCount = 100
    /// The longest key, in UTF-16 code units (Firebase counts an `NSString`'s length).
    public static let maximumKeyLength = 250
    /// The longest text value, in UTF-16 code units.
    public static let maximumValueLength = 500

    /// `current` with `changes` applied (a `nil` value removes its key), or the limit they break.
    public static func merge(
        _ changes: [String: CustomSignalValue?], into current: [String: String]
    ) throws(RemoteConfigCustomSignalsError) -> [String: String] {
        var merged = current
        for (key, value) in changes {
            if key.utf16.count > maximumKeyLength {
                throw .limitExceeded("Custom signal keys and string values must be 250 and 500 characters or less respectively.")
            }
            if case .string(let text)? = value, text.utf16.count > maximumValueLength {
                throw .limitExceeded("Custom signal keys and string values must be 250 and 500 characters or less respectively.")
            }
            merged[key] = value.map(\.text)
        }
        guard merged.count <= maximumCount else {
            throw .limitExceeded("Custom signals count exceeds the limit of \(maximumCount).")
        }
        return merged
    }
}

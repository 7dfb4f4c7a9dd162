import Foundation

/// One config value: raw bytes (remote values are UTF-8 strings) read as the type the caller needs.
///
/// The conversions never fail and read as Firebase's do on Apple platforms (an `NSString`'s
/// `boolValue` and `doubleValue`): a number is the longest decimal number the text starts with
/// ("12px" is 12, "abc" is 0), a boolean is true when the text starts with y, t or a digit 1–9 after
/// blanks, a sign and zeros ("yes", "true", "2" and "12px" are true; "on", "0" and "false" are not),
/// a JSON value is an array or an object or `nil`. `decoded(asType:)` reads any `Decodable`.
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

    /// The longest decimal number the text starts with (after blanks), or 0 when it starts with none.
    public var numberValue: Double {
        let scalars = Array(stringValue.unicodeScalars.drop { $0.properties.isWhitespace })
        var end = 0
        func digits() -> Int {
            let start = end
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            return end - start
        }
        if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
        var count = digits()
        if end < scalars.count, scalars[end] == "." {
            end += 1
            count += digits()
        }
        guard count > 0 else { return 0 }
        // An exponent counts only when digits follow it ("2e" is 2).
        let mantissaEnd = end
        if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
            end += 1
            if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
            if digits() == 0 { end = mantissaEnd }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[0..<end])
        return Double(String(text)) ?? 0
    }

    /// Whether the text starts (after blanks) with Y, y, T, t, or a digit 1–9 after an optional sign
    /// and any zeros: "yes", "true", "1", "2" and "12px" are true; "on", "0", "false" and "" are not.
    public var boolValue: Bool {
        var scalars = Substring(stringValue).unicodeScalars.drop { $0.properties.isWhitespace }
        guard let first = scalars.first else { return false }
        if "YyTt".unicodeScalars.contains(first) { return true }
        if first == "+" || first == "-" { scalars = scalars.dropFirst() }
        return scalars.drop { $0 == "0" }.first.map { ("1"..."9").contains($0) } ?? false
    }

    /// The bytes parsed as a JSON array or object (Foundation types), or `nil` when they are not one.
    public var jsonValue: Any? {
        guard let object = try? JSONSerialization.jsonObject(with: dataValue) else { return nil }
        return object is [Any] || object is [String: Any] ? object : nil
    }
}

extension RemoteConfigValue: CustomStringConvertible {
    /// The text and the source, for logs and test failures.
    public var description: String {
        "RemoteConfigValue(\"\(stringValue)\", source: .\(source.rawValue))"
    }
}

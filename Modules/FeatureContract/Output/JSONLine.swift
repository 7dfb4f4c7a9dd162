import Foundation
import TerminalUI

/// `--json` output: one document on one line.
public enum JSONLine {
    /// `value` as one line of JSON, keys sorted, dates in ISO 8601.
    ///
    /// Exact JSON, and safe on a terminal: the encoder escapes C0 controls, and DEL, C1 controls and
    /// the bidirectional overrides, which JSON allows raw, are escaped here too (`\u009b`). They stand
    /// only inside strings, where the escape means the same character, so a parser reads the same value.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        guard text.unicodeScalars.contains(where: \.isTerminalUnsafe) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar.isTerminalUnsafe {
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

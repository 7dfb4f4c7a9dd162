import Foundation
import TerminalUI

/// Writes to standard output unbuffered, so a reader of a pipe (a test, `--watch | ...`) sees each
/// line when it is written, and lines from several threads never interleave within a write.
func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

/// One JSON document on one line, keys sorted, dates in ISO 8601, for `--json`.
///
/// Exact JSON, and safe on a terminal: the encoder escapes C0 controls, and DEL, C1 controls and
/// the bidirectional overrides, which JSON allows raw, are escaped here too (`\u009b`). They stand
/// only inside strings, where the escape means the same character, so a parser reads the same value.
func jsonLine(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    guard text.unicodeScalars.contains(where: \.isTerminalUnsafe) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
        if scalar.isTerminalUnsafe {
            escaped += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        } else {
            escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped
}

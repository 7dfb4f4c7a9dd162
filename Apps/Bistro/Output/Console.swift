import Foundation

/// Writes to standard output unbuffered, so a reader of a pipe (a test, `--watch | ...`) sees each
/// line when it is written, and lines from several threads never interleave within a write.
func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

/// One JSON document on one line, keys sorted, for `--json`.
func jsonLine(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

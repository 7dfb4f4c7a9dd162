import PersistenceInterface

/// SQL text with the values for its `?` placeholders, which are always bound, never spliced in.
struct SQLText {
    var sql: String
    var arguments: [DatabaseValue]
}

/// Writes SQL as UTF-8 bytes into one buffer, and its arguments beside it (`QuerySQL`).
struct SQLBuilder {
    private var bytes: [UInt8] = []
    /// The values of the `?` placeholders written so far.
    var arguments: [DatabaseValue] = []

    /// A builder whose text starts with `start`, with room for a query's usual length.
    init(_ start: StaticString) {
        bytes.reserveCapacity(96)
        append(start)
    }

    /// Appends static text.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `identifier` quoted (`quoted(_:)`).
    mutating func appendQuoted(_ identifier: String) {
        appendQuotedIdentifier(identifier, to: &bytes)
    }

    /// Appends the identifiers quoted, separated by commas.
    mutating func appendQuotedList(_ identifiers: [String]) {
        for (position, identifier) in identifiers.enumerated() {
            if position > 0 { append(", ") }
            appendQuoted(identifier)
        }
    }

    /// The text written, and its arguments.
    func finished() -> SQLText {
        SQLText(sql: String(decoding: bytes, as: UTF8.self), arguments: arguments)
    }
}

/// Identifier quoting: `"name"` with inner quotes doubled, so any table or column name is safe.
func quoted(_ identifier: String) -> String {
    var bytes: [UInt8] = []
    appendQuotedIdentifier(identifier, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends `identifier`'s UTF-8 bytes quoted. Looked for in the bytes, not character by character:
/// a quote is one byte that no other character's UTF-8 contains.
private func appendQuotedIdentifier(_ identifier: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var identifier = identifier
    identifier.withUTF8 { utf8 in
        guard utf8.contains(UInt8(ascii: "\"")) else {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
    }
    bytes.append(UInt8(ascii: "\""))
}

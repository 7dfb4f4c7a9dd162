/// A strict RFC 8259 JSON parser for everything AuthLive reads from outside: JWS headers, JWT
/// claims, key sets, notification bodies and Apple's answers.
///
/// It refuses what a lenient parser lets through and a signature check does not catch: a member
/// name that occurs twice in one object (RFC 7515 §4 and RFC 7519 §4 ask for either refusal or
/// the last one; a lenient parser may keep the first, so `{"alg":"RS256","alg":"none"}` would read
/// differently here and elsewhere), and everything outside the grammar — invalid UTF-8, lone
/// surrogates, control characters in strings, leading zeros, trailing commas, a byte order mark,
/// trailing content, numbers that do not fit a finite `Double`, and nesting deeper than
/// `maximumDepth`. Any input ends in a value or a `JSONParseError`, never in a trap.
package enum StrictJSONParser {
    /// The most arrays and objects one value may nest; a deeper text is refused before the
    /// recursion that reads it could exhaust the stack. Apple's documents nest three levels.
    package static let maximumDepth = 64

    /// The JSON text in `bytes` (UTF-8, any value at the top, whitespace around it), or why it is
    /// not one.
    package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        return try reader.document()
    }
}

/// Why bytes are not a JSON text. It says what and where, never what the input holds: the input
/// may be a token or another secret.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    package enum Problem: Sendable, Equatable {
        /// The text ends where a value, a string or a closing bracket should go on.
        case unexpectedEnd
        /// A byte that cannot stand where it does (a trailing comma, a single quote, a BOM, `NaN`, …).
        case unexpectedByte
        /// A value is followed by more than whitespace.
        case trailingContent
        /// An object names a member twice: after unescaping, or as Unicode-equivalent spellings
        /// that a `String` key cannot tell apart.
        case duplicateMemberName
        /// A string is not well-formed UTF-8 (an overlong form, an encoded surrogate, a truncated
        /// sequence, a byte that never occurs in UTF-8).
        case invalidUTF8
        /// A byte below 0x20 inside a string, where only its escape may stand.
        case controlCharacterInString
        /// A backslash followed by something other than `"\/bfnrt` or `u` and four hex digits.
        case invalidEscape
        /// A `\u` escape of a UTF-16 surrogate that is not one half of a pair.
        case loneSurrogate
        /// A number with a leading zero (`01`, `-00`).
        case leadingZero
        /// A number outside the grammar (`1.`, `.5`, `-`, `1e`).
        case invalidNumber
        /// A number too large for a finite `Double`.
        case numberOutOfRange
        /// Arrays and objects nested deeper than `StrictJSONParser.maximumDepth`.
        case tooDeep
    }

    /// What is wrong.
    package let problem: Problem
    /// The offset of the byte where it was found.
    package let offset: Int

    /// The problem and its offset, without any of the input.
    package var description: String { "not strict JSON: \(problem) at byte \(offset)" }
}

/// One pass over the bytes; each nested array or object is one level of recursion, bounded by
/// `StrictJSONParser.maximumDepth`.
private struct JSONReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try value(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw failure(.trailingContent) }
        return value
    }

    // MARK: Values

    /// The value at `position`, inside `depth` arrays and objects.
    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let byte = peek() else { throw failure(.unexpectedEnd) }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure(.unexpectedByte)
        }
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= StrictJSONParser.maximumDepth else { throw failure(.tooDeep) }
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw failure(.unexpectedEnd) }
            guard byte == UInt8(ascii: "\"") else { throw failure(.unexpectedByte) }
            let nameOffset = position
            let name = try string()
            // String equality is Unicode canonical equivalence: names that differ only in
            // normalisation would collapse into one dictionary key, so they count as the same name.
            guard members[name] == nil else { throw JSONParseError(problem: .duplicateMemberName, offset: nameOffset) }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            members[name] = try value(depth: depth)
            skipWhitespace()
            if try isEnd(closedBy: UInt8(ascii: "}")) { return .object(members) }
        }
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= StrictJSONParser.maximumDepth else { throw failure(.tooDeep) }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            if try isEnd(closedBy: UInt8(ascii: "]")) { return .array(elements) }
        }
    }

    /// Reads what follows a member or an element: true after `closing`, false after a comma.
    private mutating func isEnd(closedBy closing: UInt8) throws(JSONParseError) -> Bool {
        guard let byte = peek() else { throw failure(.unexpectedEnd) }
        guard byte == closing || byte == UInt8(ascii: ",") else { throw failure(.unexpectedByte) }
        position += 1
        return byte == closing
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        for expected in word.utf8 {
            guard let byte = peek() else { throw failure(.unexpectedEnd) }
            guard byte == expected else { throw failure(.unexpectedByte) }
            position += 1
        }
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked here so that `Double`'s own
    /// parser, which takes more (`inf`, `0x1p3`, `+1`), only ever sees the grammar's numbers.
    private mutating func number() throws(JSONParseError) -> Double {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek() else { throw failure(.unexpectedEnd) }
        guard Self.isDigit(first) else { throw failure(.invalidNumber) }
        position += 1
        if first == UInt8(ascii: "0") {
            if let next = peek(), Self.isDigit(next) { throw failure(.leadingZero) }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            try requireDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            try requireDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        // An exponent too large reads as infinity; one too small as zero, which is finite and kept.
        guard let value = Double(text), value.isFinite else { throw JSONParseError(problem: .numberOutOfRange, offset: start) }
        return value
    }

    private mutating func requireDigits() throws(JSONParseError) {
        guard let byte = peek() else { throw failure(.unexpectedEnd) }
        guard Self.isDigit(byte) else { throw failure(.invalidNumber) }
        skipDigits()
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // MARK: Strings

    /// The string at `position` (its opening quote), unescaped.
    private mutating func string() throws(JSONParseError) -> String {
        position += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else { throw failure(.unexpectedEnd) }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                // Every byte appended is part of a sequence checked below, or a scalar encoded here.
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case 0x00..<0x20:
                throw failure(.controlCharacterInString)
            case 0x20..<0x80:
                utf8.append(byte)
                position += 1
            default:
                let length = try utf8SequenceLength()
                utf8.append(contentsOf: bytes[position..<position + length])
                position += length
            }
        }
    }

    /// Reads the escape at `position` (its backslash) and appends what it stands for.
    private mutating func escape(into utf8: inout [UInt8]) throws(JSONParseError) {
        let start = position
        position += 1
        guard let byte = peek() else { throw failure(.unexpectedEnd) }
        position += 1
        let simple: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            utf8.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw JSONParseError(problem: .invalidEscape, offset: start) }
        let unit = try hexQuad(escapeOffset: start)
        let scalarValue: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate counts only with a low one escaped right after it.
            guard peek() == UInt8(ascii: "\\"), peek(at: position + 1) == UInt8(ascii: "u") else {
                throw JSONParseError(problem: .loneSurrogate, offset: start)
            }
            let lowStart = position
            position += 2
            let low = try hexQuad(escapeOffset: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else { throw JSONParseError(problem: .loneSurrogate, offset: start) }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONParseError(problem: .loneSurrogate, offset: start)
        default:
            scalarValue = unit
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw JSONParseError(problem: .loneSurrogate, offset: start) }
        UTF8.encode(scalar) { utf8.append($0) }
    }

    /// The four hex digits at `position`, as a UTF-16 code unit.
    private mutating func hexQuad(escapeOffset: Int) throws(JSONParseError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw failure(.unexpectedEnd) }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(problem: .invalidEscape, offset: escapeOffset)
            }
            unit = (unit << 4) | UInt32(digit)
            position += 1
        }
        return unit
    }

    /// The length of the well-formed UTF-8 sequence of two to four bytes at `position`, as
    /// RFC 3629 §4 defines one: no overlong forms, no surrogates, nothing above U+10FFFF.
    private func utf8SequenceLength() throws(JSONParseError) -> Int {
        guard let lead = peek() else { throw failure(.unexpectedEnd) }
        let length: Int
        let secondRange: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: throw failure(.invalidUTF8)
        }
        for index in 1..<length {
            guard let byte = peek(at: position + index) else { throw failure(.invalidUTF8) }
            let allowed = index == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else { throw failure(.invalidUTF8) }
        }
        return length
    }

    // MARK: Bytes

    private func peek() -> UInt8? {
        peek(at: position)
    }

    private func peek(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func expect(_ expected: UInt8) throws(JSONParseError) {
        guard let byte = peek() else { throw failure(.unexpectedEnd) }
        guard byte == expected else { throw failure(.unexpectedByte) }
        position += 1
    }

    /// RFC 8259's four whitespace bytes; no others (no form feed, no BOM, no NBSP).
    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func failure(_ problem: JSONParseError.Problem) -> JSONParseError {
        JSONParseError(problem: problem, offset: position)
    }
}

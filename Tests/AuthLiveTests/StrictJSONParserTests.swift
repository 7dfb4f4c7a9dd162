import XCTest

@testable import AuthLive

/// The strict JSON parser every document from outside goes through: RFC 8259's grammar exactly,
/// no member name twice in one object, and an error rather than a trap whatever the bytes.
final class StrictJSONParserTests: XCTestCase {
    private enum Outcome: Equatable {
        case accepted(JSONValue)
        case refused(JSONParseError.Problem)
    }

    private static func outcome(_ bytes: [UInt8]) -> Outcome {
        do {
            return .accepted(try StrictJSONParser.parse(bytes))
        } catch {
            return .refused(error.problem)
        }
    }

    func testWellFormedTextsAndWhatTheyHold() {
        let table: [(String, JSONValue)] = [
            ("{}", .object([:])),
            ("[]", .array([])),
            (
                " \t\r\n{\"a\" : [1, -0.5e+2, 0, -0, 1E3, 2e-1, true, false, null, \"x\"]} \n",
                .object([
                    "a": .array([
                        .number(1), .number(-50), .number(0), .number(-0.0), .number(1000), .number(0.2), .bool(true), .bool(false),
                        .null, .string("x"),
                    ])
                ])
            ),
            (#"{"flag":true,"one":1}"#, .object(["flag": .bool(true), "one": .number(1)])),
            (#""\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t""#, .string("é😀\n\"\\/\u{08}\u{0C}\r\t")),
            ("\"é€😀\"", .string("é€😀")),
            (#""\u0000""#, .string("\u{0}")),
            (#"{"a":{"b":1},"b":{"a":1}}"#, .object(["a": .object(["b": .number(1)]), "b": .object(["a": .number(1)])])),
            (#"{"a":1,"A":2,"":3}"#, .object(["a": .number(1), "A": .number(2), "": .number(3)])),
            (#"[{"a":1},{"a":1}]"#, .array([.object(["a": .number(1)]), .object(["a": .number(1)])])),
            ("123", .number(123)),
            ("null", .null),
            ("1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
            ("1e-400", .number(0)),
        ]
        for (text, value) in table {
            XCTAssertEqual(Self.outcome(Array(text.utf8)), .accepted(value), text)
        }
    }

    func testMalformedTextsAndWhy() {
        let table: [(String, [UInt8], JSONParseError.Problem)] = [
            ("empty", [], .unexpectedEnd),
            ("whitespace only", Array(" \n".utf8), .unexpectedEnd),
            ("a name twice", Array(#"{"a":1,"a":2}"#.utf8), .duplicateMemberName),
            ("a name twice, once escaped", Array(#"{"a":1,"\u0061":2}"#.utf8), .duplicateMemberName),
            ("a name twice, both escaped differently", Array(#"{"\u0041":1,"\u0041":2}"#.utf8), .duplicateMemberName),
            ("a name twice with equal values", Array(#"{"a":1,"a":1}"#.utf8), .duplicateMemberName),
            ("a name twice in a nested object", Array(#"{"x":{"a":1,"a":1}}"#.utf8), .duplicateMemberName),
            ("a name twice in an array's object", Array(#"[{"a":1,"b":2,"a":2}]"#.utf8), .duplicateMemberName),
            ("names that are canonically equivalent", Array(#"{"\u00e9":1,"e\u0301":2}"#.utf8), .duplicateMemberName),
            ("trailing content", Array(#"{"a":1}x"#.utf8), .trailingContent),
            ("a second value", Array("{}{}".utf8), .trailingContent),
            ("a hex number", Array("0x10".utf8), .trailingContent),
            ("a leading zero", Array("01".utf8), .leadingZero),
            ("a negative leading zero", Array(#"{"a":-01}"#.utf8), .leadingZero),
            ("two zeros", Array("[00]".utf8), .leadingZero),
            ("no fraction digits", Array("1.".utf8), .unexpectedEnd),
            ("no fraction digits in an array", Array("[1.]".utf8), .invalidNumber),
            ("no integer part", Array(".5".utf8), .unexpectedByte),
            ("a minus alone", Array("[-]".utf8), .invalidNumber),
            ("no exponent digits", Array("[1e+]".utf8), .invalidNumber),
            ("a plus sign", Array("+1".utf8), .unexpectedByte),
            ("too large", Array("1e309".utf8), .numberOutOfRange),
            ("too large, negative", Array("[-1e309]".utf8), .numberOutOfRange),
            ("too many digits for a double", Array(("[" + String(repeating: "9", count: 400) + "]").utf8), .numberOutOfRange),
            ("NaN", Array("NaN".utf8), .unexpectedByte),
            ("Infinity", Array("[-Infinity]".utf8), .invalidNumber),
            ("a lone high surrogate", Array(#""\ud800""#.utf8), .loneSurrogate),
            ("a lone low surrogate", Array(#""\udc00""#.utf8), .loneSurrogate),
            ("a high surrogate before a letter", Array(#""\ud800\u0041""#.utf8), .loneSurrogate),
            ("a high surrogate before a plain byte", Array(#""\ud800x""#.utf8), .loneSurrogate),
            ("two high surrogates", Array(#""\ud800\ud800""#.utf8), .loneSurrogate),
            ("a raw tab", Array("\"a\tb\"".utf8), .controlCharacterInString),
            ("a raw newline in a name", Array("{\"a\nb\":1}".utf8), .controlCharacterInString),
            ("a raw NUL", [0x22, 0x00, 0x22], .controlCharacterInString),
            ("an unknown escape", Array(#""\x""#.utf8), .invalidEscape),
            ("a short \\u escape", Array(#""\u12""#.utf8), .invalidEscape),
            ("a \\u escape that is not hex", Array(#""\u12G4""#.utf8), .invalidEscape),
            ("a byte that is never UTF-8", [0x22, 0xFF, 0x22], .invalidUTF8),
            ("a lone continuation byte", [0x22, 0x80, 0x22], .invalidUTF8),
            ("an overlong slash", [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8),
            ("an overlong three-byte form", [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8),
            ("an encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8),
            ("a truncated sequence", [0x22, 0xE2, 0x82, 0x22], .invalidUTF8),
            ("a sequence cut by the end", [0x22, 0xF0, 0x9F], .invalidUTF8),
            ("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8),
            ("a byte order mark", [0xEF, 0xBB, 0xBF] + Array("{}".utf8), .unexpectedByte),
            ("a form feed as whitespace", Array("\u{0C}{}".utf8), .unexpectedByte),
            ("a raw byte above ASCII outside a string", [0x5B, 0xC3, 0xA9, 0x5D], .unexpectedByte),
            ("a NUL outside a string", [0x7B, 0x00, 0x7D], .unexpectedByte),
            ("a trailing comma in an object", Array(#"{"a":1,}"#.utf8), .unexpectedByte),
            ("a trailing comma in an array", Array("[1,]".utf8), .unexpectedByte),
            ("a missing comma", Array("[1 2]".utf8), .unexpectedByte),
            ("a missing colon", Array(#"{"a" 1}"#.utf8), .unexpectedByte),
            ("an unquoted name", Array("{a:1}".utf8), .unexpectedByte),
            ("a single-quoted name", Array("{'a':1}".utf8), .unexpectedByte),
            ("a comment", Array("[1 /* one */]".utf8), .unexpectedByte),
            ("a literal cut short", Array("tru".utf8), .unexpectedEnd),
            ("a literal misspelt", Array("[nul1]".utf8), .unexpectedByte),
            ("a capitalised literal", Array("True".utf8), .unexpectedByte),
            ("an unterminated string", Array(#""abc"#.utf8), .unexpectedEnd),
            ("an unterminated object", Array(#"{"a":1"#.utf8), .unexpectedEnd),
            ("an unterminated array", Array("[1,".utf8), .unexpectedEnd),
            ("a backslash at the end", Array(#""\"#.utf8), .unexpectedEnd),
        ]
        for (name, bytes, problem) in table {
            XCTAssertEqual(Self.outcome(bytes), .refused(problem), name)
        }
    }

    func testADuplicateIsReportedAtTheSecondNameAndTheErrorQuotesNothing() {
        let text = Array(#"{"client_secret":"s3cr3t","client_secret":"0ther"}"#.utf8)
        XCTAssertThrowsError(try StrictJSONParser.parse(text)) { error in
            XCTAssertEqual(error as? JSONParseError, JSONParseError(problem: .duplicateMemberName, offset: 26))
            for shown in ["\(error)", String(reflecting: error), error.localizedDescription] {
                XCTAssertFalse(shown.contains("client_secret") || shown.contains("s3cr3t") || shown.contains("0ther"), shown)
            }
        }
        XCTAssertNil(JSONValue.object(from: text))
    }

    func testNestingIsLimitedAndNeverExhaustsTheStack() {
        func nested(_ depth: Int, open: String, close: String, innermost: String = "") -> [UInt8] {
            Array((String(repeating: open, count: depth) + innermost + String(repeating: close, count: depth)).utf8)
        }
        let limit = StrictJSONParser.maximumDepth
        XCTAssertEqual(limit, 64)
        XCTAssertNotEqual(Self.outcome(nested(limit, open: "[", close: "]")), .refused(.tooDeep))
        XCTAssertNotEqual(Self.outcome(nested(limit, open: #"{"a":"#, close: "}", innermost: "1")), .refused(.tooDeep))
        XCTAssertEqual(Self.outcome(nested(limit + 1, open: "[", close: "]")), .refused(.tooDeep))
        XCTAssertEqual(Self.outcome(nested(limit + 1, open: #"{"a":"#, close: "}", innermost: "1")), .refused(.tooDeep))
        for depth in [1_000, 100_000, 1_000_000] {
            XCTAssertEqual(Self.outcome(nested(depth, open: "[", close: "]")), .refused(.tooDeep), "\(depth)")
            XCTAssertEqual(Self.outcome(nested(depth, open: #"{"a":["#, close: "]}")), .refused(.tooDeep), "\(depth)")
            XCTAssertEqual(Self.outcome(Array(String(repeating: "[", count: depth).utf8)), .refused(.tooDeep), "unclosed")
        }
        XCTAssertNil(JSONValue.object(from: nested(100_000, open: #"{"a":"#, close: "}", innermost: "1")))
    }

    /// Random damage to a document that uses every part of the grammar: each result is a value or
    /// an error, and never a trap. The generator is seeded, so a failure repeats.
    func testDamagedDocumentsEndInAValueOrAnErrorNeverATrap() {
        let document = Array(
            #"{"alg":"RS256","kid":"k\u00e9\ud83d\ude00","n":[-0.5e+2,0,1E3,true,false,null],"o":{"a":"\"\\\/\b\f\n\r\t","é":{}}}"#.utf8)
        let alphabet = Array(#"{}[]":,.-+eE0123456789\u"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xED, 0xF4, 0xFF]
        var generator = SplitMix64(seed: 0x5EED)
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes = document
            for _ in 0...Int(generator.next() % 4) {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 4 {
                case 0: bytes[index] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: index)
                case 2: if bytes.count > 1 { bytes.remove(at: index) }
                default: bytes = Array(bytes.prefix(index))
                }
                if bytes.isEmpty { break }
            }
            if case .accepted = Self.outcome(bytes) { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 0, "some damage leaves valid JSON, so both paths ran")
    }
}

/// A small seeded generator (SplitMix64), so that the damaged documents are the same every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

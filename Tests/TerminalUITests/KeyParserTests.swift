import TerminalUI
import XCTest

final class KeyParserTests: XCTestCase {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var parser = KeyParser()
        return parser.parse(bytes) + parser.flush()
    }

    private func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

    func testArrowsInNormalAndApplicationCursorMode() {
        XCTAssertEqual(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"), [.up, .down, .right, .left])
        XCTAssertEqual(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD"), [.up, .down, .right, .left])
        XCTAssertEqual(keys("\u{1B}[1;5A"), [.up])  // Ctrl-Up: the modifier is ignored
    }

    func testEditingAndNavigationKeys() {
        XCTAssertEqual(keys("\r\n\t\u{7F}\u{08}"), [.enter, .enter, .tab, .backspace, .backspace])
        XCTAssertEqual(keys("\u{1B}[Z"), [.backTab])
        XCTAssertEqual(keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~"), [.home, .end, .home, .end])
        XCTAssertEqual(keys("\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~"), [.insert, .delete, .pageUp, .pageDown])
    }

    func testABracketedPasteIsOneKeyWithItsNewlinesAsText() {
        XCTAssertEqual(keys("a\u{1B}[200~line 1\nline\t2 튀김\u{1B}[201~b"), ["a", .paste("line 1\nline\t2 튀김"), "b"])
        XCTAssertEqual(keys("\u{1B}[200~\u{1B}[201~"), [.paste("")])
        // Escape sequences inside the paste are its text, up to the end marker.
        XCTAssertEqual(keys("\u{1B}[200~\u{1B}[A\u{1B}[201~"), [.paste("\u{1B}[A")])
    }

    func testAPasteSpanningReadsWaitsForItsEndEvenThroughAFlush() {
        var parser = KeyParser()
        XCTAssertEqual(parser.parse(Array("x\u{1B}[20".utf8)), ["x"])
        XCTAssertEqual(parser.parse(Array("0~eyJhbGci".utf8)), [])
        // A pause (the live terminal flushes after one) does not cut the paste into keys.
        XCTAssertEqual(parser.flush(), [])
        XCTAssertTrue(parser.hasPendingInput)
        XCTAssertEqual(parser.parse(Array("OiJ9\u{1B}[20".utf8)), [])
        XCTAssertEqual(parser.parse(Array("1~\r".utf8)), [.paste("eyJhbGciOiJ9"), .enter])
        XCTAssertFalse(parser.hasPendingInput)
    }

    func testPrintableCharactersIncludingPlusMinusAndKorean() {
        XCTAssertEqual(keys("+-a Z"), ["+", "-", "a", " ", "Z"])
        XCTAssertEqual(keys("튀김"), [.character("튀"), .character("김")])
        XCTAssertEqual(keys("😀"), [.character("😀")])
    }

    func testControlKeysAndCtrlC() {
        XCTAssertEqual(keys([0x03]), [.ctrlC])
        XCTAssertEqual(keys([0x03]), [.control("c")])
        XCTAssertEqual(keys([0x01, 0x11, 0x1A]), [.control("a"), .control("q"), .control("z")])
    }

    func testALoneEscapeWaitsForTheNextReadThenFlushesAsEscape() {
        var parser = KeyParser()
        XCTAssertEqual(parser.parse([0x1B]), [])
        XCTAssertTrue(parser.hasPendingInput)
        XCTAssertEqual(parser.flush(), [.escape])
        XCTAssertFalse(parser.hasPendingInput)
        XCTAssertEqual(parser.parse([0x1B, 0x1B]), [.escape])
        XCTAssertEqual(parser.flush(), [.escape])
        XCTAssertEqual(parser.parse(Array("\u{1B}x".utf8)), [.escape, "x"])
    }

    func testEscapeSequencesSplitAcrossReadsAtEveryByte() {
        let sequences: [(String, Key)] = [
            ("\u{1B}[A", .up), ("\u{1B}OD", .left), ("\u{1B}[5~", .pageUp), ("\u{1B}[1;5C", .right), ("\u{1B}[Z", .backTab),
        ]
        for (text, key) in sequences {
            let bytes = Array(text.utf8)
            for split in 1..<bytes.count {
                var parser = KeyParser()
                let first = parser.parse(bytes[..<split])
                XCTAssertEqual(first, [], "\(text.debugDescription) split at \(split)")
                XCTAssertEqual(parser.parse(bytes[split...]), [key], "\(text.debugDescription) split at \(split)")
                XCTAssertFalse(parser.hasPendingInput)
            }
        }
    }

    func testOneByteAtATime() {
        var parser = KeyParser()
        var result: [Key] = []
        for byte in Array("a\u{1B}[B튀\u{1B}[3~+\r".utf8) { result += parser.parse([byte]) }
        XCTAssertEqual(result, ["a", .down, .character("튀"), .delete, "+", .enter])
    }

    func testUTF8CharactersSplitAcrossReads() {
        let bytes = Array("김".utf8)
        var parser = KeyParser()
        XCTAssertEqual(parser.parse(bytes[..<1]), [])
        XCTAssertEqual(parser.parse(bytes[1..<2]), [])
        XCTAssertEqual(parser.parse(bytes[2...]), [.character("김")])
    }

    func testUnknownSequencesAndInvalidBytesAreSkipped() {
        XCTAssertEqual(keys("\u{1B}[99xA"), ["A"])
        XCTAssertEqual(keys([0xFF, 0x41]), ["A"])
        XCTAssertEqual(keys([0xE2, 0x41]), ["A"])  // a UTF-8 lead byte that is not continued
    }
}

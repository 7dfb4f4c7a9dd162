import XCTest

@testable import TerminalUI

final class TextWidthTests: XCTestCase {
    func testWidthsOfNarrowWideZeroWidthAndControlCharacters() {
        XCTAssertEqual(Character("a").terminalWidth, 1)
        XCTAssertEqual(Character("+").terminalWidth, 1)
        XCTAssertEqual(Character("튀").terminalWidth, 2)  // Hangul syllable
        XCTAssertEqual(Character("漢").terminalWidth, 2)  // CJK ideograph
        XCTAssertEqual(Character("カ").terminalWidth, 2)  // Katakana
        XCTAssertEqual(Character("ｶ").terminalWidth, 1)  // halfwidth Katakana
        XCTAssertEqual(Character("Ａ").terminalWidth, 2)  // fullwidth Latin
        XCTAssertEqual(Character("₩").terminalWidth, 1)  // won sign
        XCTAssertEqual(Character("￦").terminalWidth, 2)  // fullwidth won sign
        XCTAssertEqual(Character("😀").terminalWidth, 2)
        XCTAssertEqual(Character("❤\u{FE0F}").terminalWidth, 2)  // text default, emoji presentation asked
        XCTAssertEqual(Character("e\u{301}").terminalWidth, 1)  // e + combining acute: one cell
        XCTAssertEqual(Character("\u{301}").terminalWidth, 0)  // a combining mark alone
        XCTAssertEqual(Character("\u{200B}").terminalWidth, 0)  // zero-width space
        XCTAssertEqual(Character("\u{1B}").terminalWidth, 0)  // ESC
        XCTAssertEqual(Character("\u{1112}\u{1171}").terminalWidth, 2)  // 튀 spelt with conjoining jamo
    }

    func testEveryLoneScalarMeasuredByItsBlockHasItsPropertiesWidth() {
        var measured = 0
        for value in UInt32(0x80)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value), let byBlock = Character.widthByBlock(value) else { continue }
            measured += 1
            let byProperties = Character.widthByProperties(String(scalar).unicodeScalars)
            XCTAssertEqual(byBlock, byProperties, "U+\(String(value, radix: 16, uppercase: true))")
            XCTAssertEqual(Character(scalar).terminalWidth, byProperties)
            if byBlock != byProperties { return }
        }
        XCTAssertGreaterThan(measured, 30_000, "the blocks cover Hangul and CJK")
    }

    func testControlCharactersAreTheControlCategory() {
        for value in UInt32(0)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            XCTAssertEqual(
                Character(scalar).isTerminalControl, scalar.properties.generalCategory == .control, "U+\(String(value, radix: 16))")
        }
    }

    func testStringWidthCountsEachCharacter() {
        XCTAssertEqual("튀김1".terminalWidth, 5)
        XCTAssertEqual("₩1,000".terminalWidth, 6)
        XCTAssertEqual("Cafe\u{301} 튀김".terminalWidth, 9)
        XCTAssertEqual("".terminalWidth, 0)
    }

    func testTruncationEndsInAnEllipsisAndNeverSplitsAWideCharacter() {
        XCTAssertEqual("튀김1".truncated(toWidth: 5), "튀김1")
        XCTAssertEqual("튀김1".truncated(toWidth: 4), "튀…")  // 김 would straddle the limit
        XCTAssertEqual("튀김1".truncated(toWidth: 3), "튀…")
        XCTAssertEqual("튀김1".truncated(toWidth: 2), "…")
        XCTAssertEqual("튀김1".truncated(toWidth: 1), "…")
        XCTAssertEqual("튀김1".truncated(toWidth: 0), "")
        XCTAssertEqual("abcdef".truncated(toWidth: 4), "abc…")
        XCTAssertEqual("Cafe\u{301}s".truncated(toWidth: 4), "Caf…")
        XCTAssertEqual("Cafe\u{301}s".truncated(toWidth: 5), "Cafe\u{301}s")
        for width in 0...8 {
            XCTAssertLessThanOrEqual("튀김 떡볶이".truncated(toWidth: width).terminalWidth, width)
        }
    }

    func testAlignmentPadsByCellsNotCharacters() {
        XCTAssertEqual("튀김1".aligned(.left, width: 8), "튀김1   ")
        XCTAssertEqual("튀김1".aligned(.right, width: 8), "   튀김1")
        XCTAssertEqual("튀김1".aligned(.center, width: 8), " 튀김1  ")
        XCTAssertEqual("튀김1".aligned(.right, width: 4), " 튀…")
        XCTAssertEqual("튀김1".aligned(.right, width: 4).terminalWidth, 4)
        XCTAssertEqual("튀김1".aligned(.left, width: 4), "튀… ")
    }

    func testWrappingBreaksAtSpacesAndInsideLongWordsBetweenCharacters() {
        XCTAssertEqual("No orders yet".wrapped(toWidth: 9), ["No orders", "yet"])
        XCTAssertEqual("주문이 없습니다".wrapped(toWidth: 6), ["주문이", "없습니", "다"])
        XCTAssertEqual("튀김튀김튀".wrapped(toWidth: 5), ["튀김", "튀김", "튀"])
        XCTAssertEqual("a\nb c".wrapped(toWidth: 10), ["a", "b c"])
    }

    func testSanitizingShowsControlCharactersSoTextCannotMoveTheCursor() {
        XCTAssertEqual("a\u{1B}[2Jb\tc\nd\u{7}".sanitizedForTerminal, "a␛[2Jb c d␇")
    }
}

import TerminalUI
import XCTest

final class CellBufferTests: XCTestCase {
    func testWideCharactersTakeTwoCellsAndAreWrittenOnceInTheText() {
        var buffer = CellBuffer(size: Size(width: 8, height: 1))
        let used = buffer.write("튀김1", at: Point(x: 1, y: 0))
        XCTAssertEqual(used, 5)
        XCTAssertEqual(buffer[1, 0].text, "튀")
        XCTAssertEqual(buffer[1, 0].width, 2)
        XCTAssertTrue(buffer[2, 0].isContinuation)
        XCTAssertEqual(buffer[5, 0].text, "1")
        XCTAssertEqual(buffer.text, " 튀김1")
    }

    func testAWideCharacterThatDoesNotFitBeforeTheClipBecomesASpace() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        buffer.write("------", at: Point(x: 0, y: 0))
        buffer.write("a튀김", at: Point(x: 0, y: 0), clip: Rect(x: 0, y: 0, width: 4, height: 1))
        XCTAssertEqual(buffer.lines, ["a튀 --"])
        XCTAssertFalse(buffer[3, 0].isContinuation)
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        buffer.write("튀김튀", at: Point(x: 0, y: 0))
        buffer.write("x", at: Point(x: 1, y: 0))  // the right half of 튀
        XCTAssertEqual(buffer.lines, [" x김튀"])
        buffer.write("y", at: Point(x: 2, y: 0))  // the left half of 김
        XCTAssertEqual(buffer.lines, [" xy 튀"])
        buffer.write("김", at: Point(x: 3, y: 0))  // straddles the old 튀 at 4–5
        XCTAssertEqual(buffer.lines, [" xy김"])
        XCTAssertEqual(buffer.text.terminalWidth, 5)
    }

    func testWritingIsClippedOnBothSides() {
        var buffer = CellBuffer(size: Size(width: 6, height: 2))
        buffer.write("튀김abc", at: Point(x: -1, y: 1), clip: Rect(x: 0, y: 0, width: 6, height: 2))
        XCTAssertEqual(buffer.lines, ["", " 김abc"])
        XCTAssertEqual(buffer.write("zz", at: Point(x: 0, y: 5)), 0)
    }

    func testCombiningMarksStayWithTheirBaseCharacter() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        buffer.write("e\u{301}a\u{301}", at: Point(x: 0, y: 0))
        XCTAssertEqual(buffer[0, 0].text, "e\u{301}")
        XCTAssertEqual(buffer[1, 0].text, "a\u{301}")
        XCTAssertEqual(buffer[2, 0].text, " ")
    }
}

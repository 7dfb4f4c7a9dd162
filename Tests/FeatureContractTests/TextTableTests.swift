import FeatureContract
import XCTest

/// Columns as commands print them: widths in terminal cells, the last column unpadded, outside
/// text made safe.
final class TextTableTests: XCTestCase {
    private let table = TextTable([.init("ID"), .init("PRICE", alignment: .right), .init("NAME")])

    func testColumnsAreAsWideAsTheirWidestCellInTerminalCells() {
        let text = table.text([["1", "₩4,000", "떡볶이"], ["12", "₩500", "김밥"]], style: ConsoleStyle(usesColor: false))
        XCTAssertEqual(
            text,
            """
            ID   PRICE  NAME
            1   ₩4,000  떡볶이
            12    ₩500  김밥
            """)
        let wide = TextTable([.init("NAME"), .init("N", alignment: .right)]).text(
            [["떡볶이", "1"], ["a", "22"]], style: ConsoleStyle(usesColor: false))
        XCTAssertEqual(wide, "NAME     N\n떡볶이   1\na       22", "Hangul takes two cells, so the column after it stays in line")
    }

    func testTheHeaderIsBoldAndOutsideTextIsShownNotSent() {
        let text = table.text([["1", "₩1", "evil\u{1B}[2J"], ["2"]], style: ConsoleStyle(usesColor: true))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, ConsoleStyle(usesColor: true).bold("ID  PRICE  NAME"))
        XCTAssertFalse(text.contains("\u{1B}[2J"), "an escape sequence from a cell never reaches the terminal")
        XCTAssertEqual(lines.last, "2", "a short row has empty cells, and no line ends in spaces")
    }
}

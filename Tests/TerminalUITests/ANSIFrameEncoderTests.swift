import TerminalUI
import XCTest

final class ANSIFrameEncoderTests: XCTestCase {
    private static let esc = "\u{1B}"

    private func scene() -> CellBuffer {
        var buffer = CellBuffer(size: Size(width: 6, height: 2))
        buffer.write("튀김", at: Point(x: 0, y: 0))
        buffer.write("OK", at: Point(x: 0, y: 1), style: Style(foreground: .red, reverse: true))
        return buffer
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testFirstFrameClearsAndDrawsEveryCellThatIsNotBlank() {
        let bytes = ANSIFrameEncoder(colorsEnabled: true).encode(scene(), over: nil)
        let e = Self.esc
        XCTAssertEqual(bytes, Array("\(e)[0m\(e)[2J\(e)[1;1H튀김\(e)[2;1H\(e)[0;7;31mOK\(e)[0m".utf8))
    }

    func testLaterFramesSendOnlyTheCellsThatChanged() {
        let encoder = ANSIFrameEncoder(colorsEnabled: true)
        let first = scene()
        var second = first
        second.write("밥", at: Point(x: 2, y: 0))
        let e = Self.esc
        XCTAssertEqual(text(encoder.encode(second, over: first)), "\(e)[1;3H밥")

        var third = second
        third.write("ab", at: Point(x: 0, y: 0))  // one wide character becomes two narrow ones
        XCTAssertEqual(text(encoder.encode(third, over: second)), "\(e)[1;1Hab")

        var fourth = third
        fourth.write("!", at: Point(x: 5, y: 1))
        fourth.write("?", at: Point(x: 3, y: 0))  // the right half of 밥, which is blanked too
        XCTAssertEqual(text(encoder.encode(fourth, over: third)), "\(e)[1;3H ?\(e)[2;6H!")

        XCTAssertEqual(encoder.encode(fourth, over: fourth), [])
    }

    func testAdjacentChangesShareOneCursorMoveAndStyleChangesAreReset() {
        let encoder = ANSIFrameEncoder(colorsEnabled: true)
        let before = CellBuffer(size: Size(width: 5, height: 1))
        var after = before
        after.write("ab", at: Point(x: 1, y: 0), style: .bold)
        after.write("c", at: Point(x: 3, y: 0))
        let e = Self.esc
        XCTAssertEqual(text(encoder.encode(after, over: before)), "\(e)[1;2H\(e)[0;1mab\(e)[0mc")
    }

    func testColoursAreLeftOutWhenDisabledButAttributesStay() {
        let bytes = ANSIFrameEncoder(colorsEnabled: false).encode(scene(), over: nil)
        let e = Self.esc
        XCTAssertEqual(text(bytes), "\(e)[0m\(e)[2J\(e)[1;1H튀김\(e)[2;1H\(e)[0;7mOK\(e)[0m")
    }

    func testAResizedFrameIsDrawnWhole() {
        let encoder = ANSIFrameEncoder(colorsEnabled: false)
        var small = CellBuffer(size: Size(width: 2, height: 1))
        small.write("x", at: Point(x: 0, y: 0))
        var large = CellBuffer(size: Size(width: 3, height: 1))
        large.write("x", at: Point(x: 0, y: 0))
        let e = Self.esc
        XCTAssertEqual(text(encoder.encode(large, over: small)), "\(e)[0m\(e)[2J\(e)[1;1Hx")
    }

    func testSetupAndRestoreSequences() {
        let e = Self.esc
        XCTAssertEqual(text(ANSIFrameEncoder.setupSequence), "\(e)[?1049h\(e)[?25l\(e)[?7l\(e)[?2004h\(e)[0m\(e)[2J")
        XCTAssertEqual(text(ANSIFrameEncoder.restoreSequence), "\(e)[0m\(e)[?7h\(e)[?2004l\(e)[?25h\(e)[?1049l")
    }
}

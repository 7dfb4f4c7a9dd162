import ReactiveTesting
import TerminalUI
import XCTest

/// Text from outside reaches the terminal shown, never interpreted.
final class TerminalSanitizingTests: XCTestCase {
    /// The address: retitles the window, writes the clipboard, clears the screen, then
    /// returns to the line's start to print a red line of its own.
    static let hostile = "서울 \u{1B}]0;PWNED\u{07}\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\r\u{1B}[31m spoofed"

    func testControlsBecomeVisibleStandInsOfOneCell() {
        XCTAssertEqual(Self.hostile.sanitizedForTerminal, "서울 ␛]0;PWNED␇␛]52;c;ZXZpbA==␇␛[2J␍␛[31m spoofed")
        XCTAssertEqual("a\u{7F}b\u{9B}31m\u{202E}c".sanitizedForTerminal, "a␡b�31m�c")
        XCTAssertEqual("one\ttwo\nthree\r\nfour".sanitizedForTerminal, "one two three four")
        XCTAssertEqual("one\ntwo\r\nthree\rfour".sanitizedForTerminalKeepingLineBreaks, "one\ntwo\nthree␍four")
        // Each stand-in takes exactly one cell, so columns stay aligned.
        XCTAssertEqual("\u{1B}[2J".sanitizedForTerminal.terminalWidth, 4)
    }

    func testOrdinaryTextIsLeftAsItIs() {
        let text = "김밥 ₩3,500 — café 👍🏽 مرحبا"
        XCTAssertEqual(text.sanitizedForTerminal, text)
    }

    func testTheRendererDrawsTheStandInsAndSendsNoSequenceOfTheText() {
        var buffer = CellBuffer(size: Size(width: 60, height: 1))
        buffer.write(Self.hostile, at: Point(x: 0, y: 0))
        XCTAssertEqual(buffer.text, "서울 ␛]0;PWNED␇␛]52;c;ZXZpbA==␇␛[2J␍␛[31m spoofed")
        let bytes = ANSIFrameEncoder(colorsEnabled: true).encode(buffer, over: nil)
        // The encoder's own sequences are CSI ... H/J/m; nothing of the text's OSC, BEL or CR is sent.
        XCTAssertFalse(bytes.contains(0x07), "BEL")
        XCTAssertFalse(bytes.contains(0x0D), "CR")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("\u{1B}]"), "an OSC sequence")
        XCTAssertFalse(text.contains("\u{1B}[31m"), "the text's colour")
        XCTAssertEqual(text.components(separatedBy: "\u{1B}[2J").count, 2, "only the encoder's own clear")
    }

    @MainActor
    func testALabelAndAnAlertShowTheStandIns() {
        let (terminal, _, controller) = show(Label(Self.hostile), width: 70, height: 12)
        XCTAssertEqual(terminal.snapshot().split(separator: "\n").first.map(String.init), Self.hostile.sanitizedForTerminal)
        _ = controller.rx.showMessage("line one\n\(Self.hostile)").subscribe()
        drainMainQueue()
        let snapshot = terminal.snapshot()
        XCTAssertTrue(snapshot.contains("␛]52;c;ZXZpbA==␇"), snapshot)
        XCTAssertFalse(snapshot.unicodeScalars.contains { $0.isTerminalUnsafe && $0 != "\n" }, snapshot)
    }
}

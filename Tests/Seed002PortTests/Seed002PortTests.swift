import Dispatch
import Reactive
import ReactiveTesting
import TerminalUI
import XCTest

/// A snapshot as a literal: lines joined with newlines.
private func lines(_ rows: String...) -> String {
    rows.joined(separator: "\n")
}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class Seed002PortTests: XCTestCase {
    func testTheTutorialsScreenShowsCountsAndTotalsAndClears() {
        let terminal = HeadlessTerminal(width: 24, height: 6)
        let screen = Screen(terminal: terminal)
        let controller = MenuViewController()
        screen.rootViewController = controller
        drainMainQueue()
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "> 튀김1            100 0",
                "  튀김2            200 0",
                "  튀김3            300 0",
                "",
                "0                     ₩0",
                "[ Clear ] [ Order ]"))

        // `+` on the selected row is the cell's increase button; the view model's subject changes
        // and the table, the count and the total follow.
        XCTAssertTrue(controller.tableView.isFocused)
        terminal.press(.down, "+", "+", .down, "+")
        drainMainQueue()
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "  튀김1            100 0",
                "  튀김2            200 2",
                "> 튀김3            300 1",
                "",
                "3                   ₩700",
                "[ Clear ] [ Order ]"))
        terminal.press("-", "c")
        drainMainQueue()
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "  튀김1            100 0",
                "  튀김2            200 0",
                "> 튀김3            300 0",
                "",
                "0                     ₩0",
                "[ Clear ] [ Order ]"))
    }
}

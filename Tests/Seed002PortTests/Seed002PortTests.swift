import Dispatch
import Reactive
import TerminalUI
import XCTest

/// A snapshot as a literal: lines joined with newlines.
private func lines(_ rows: String...) -> String {
    rows.joined(separator: "\n")
}

/// Lets the main queue run what the screen's `observe(on: MainScheduler.instance)` bindings queued.
@MainActor
private func runMainQueue() {
    let drained = XCTestExpectation(description: "main queue ran")
    DispatchQueue.main.async { DispatchQueue.main.async { drained.fulfill() } }
    XCTAssertEqual(XCTWaiter().wait(for: [drained], timeout: 10), .completed)
}

final class Seed002PortTests: XCTestCase {
    func testTheTutorialsScreenShowsCountsAndTotalsAndClears() { MainActor.assumeIsolated { Self.screen() } }

    @MainActor private static func screen() {
        let terminal = HeadlessTerminal(width: 24, height: 6)
        let screen = Screen(terminal: terminal)
        let controller = MenuViewController()
        screen.rootViewController = controller
        runMainQueue()
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
        runMainQueue()
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
        runMainQueue()
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

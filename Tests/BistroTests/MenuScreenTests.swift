import Foundation
import XCTest

/// `bistro menu` on a pseudo-terminal: keys in, screen text out, the terminal restored at the end.
final class MenuScreenTests: BistroTestCase {
    func testTheMenuScreenTakesKeysAndRestoresTheTerminal() throws {
        var environment = environment
        environment["TERM"] = "xterm-256color"
        let result = try TerminalSession.run(try Self.executable, ["--fake", "menu"], environment: environment, steps: [
            .waitFor("튀김"), .snapshot("start"), .send("+"), .waitFor("Total ₩4,000"), .snapshot("one"),
            .controlC, .exit,
        ])
        XCTAssertNil(result.failure, "\(result.failure ?? "")\n\(result.screen)")
        XCTAssertEqual(result.status, 0, result.mainScreen)
        XCTAssertTrue(result.restored, "cursor shown and main screen back")
        for name in ["떡볶이", "김밥", "라면", "튀김", "Items 0", "Total ₩0"] {
            XCTAssertTrue(result.snapshots["start"]?.contains(name) ?? false, name)
        }
        XCTAssertTrue(result.snapshots["one"]?.contains("Items 1") ?? false, result.snapshots["one"] ?? "")
        XCTAssertFalse(result.snapshots["start"]?.contains("[Menu]") ?? true, "`bistro menu` is the Menu screen alone, no tabs")
    }
}

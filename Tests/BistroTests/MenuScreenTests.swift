import Foundation
import TestSupport
import XCTest

/// `bistro menu` on a pseudo-terminal: keys in, screen text out, the terminal restored at the end.
final class MenuScreenTests: BistroTestCase {
    func testTheMenuScreenTakesKeysAndRestoresTheTerminal() throws {
        var environment = environment
        environment["TERM"] = "xterm-256color"
        let result = try TerminalSession.run(
            try Self.executable, ["--fake", "menu"], environment: environment,
            steps: [
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

    func testTheScreenAndTheScriptableCommandsShareTheStoredSelection() throws {
        XCTAssertEqual(try bistro("menu", "set", "김밥", "2").status, 0)
        var environment = environment
        environment["TERM"] = "xterm-256color"
        // The screen opens with what `menu set` stored; `+` on the first row is stored as the screen quits.
        let result = try TerminalSession.run(
            try Self.executable, ["menu"], environment: environment,
            steps: [
                .waitFor("튀김"), .waitFor("Items 2"), .send("+"), .waitFor("Items 3"), .controlC, .exit,
            ])
        XCTAssertNil(result.failure, "\(result.failure ?? "")\n\(result.screen)")
        XCTAssertEqual(result.status, 0, result.mainScreen)

        let list = try bistro("menu", "list", "--json")
        XCTAssertEqual(list.status, 0, list.standardError)
        let counts = try JSONDecoder().decode(Listing.self, from: Data(list.standardOutput.utf8)).items
            .reduce(into: [String: Int]()) { $0[$1.name] = $1.count }
        XCTAssertEqual(counts, ["떡볶이": 1, "김밥": 2, "라면": 0, "튀김": 0])
    }

    func testTheScreenFollowsASelectionStoredByAnotherProcess() throws {
        var environment = environment
        environment["TERM"] = "xterm-256color"
        let bistro = try Self.executable.path
        let result = try TerminalSession.run(
            try Self.executable, ["menu"], environment: environment,
            steps: [
                .waitFor("튀김"), .waitFor("Items 0"),
                .run([bistro, "menu", "set", "김밥", "3"]), .waitFor("Items 3"), .snapshot("followed"),
                .controlC, .exit,
            ])
        XCTAssertNil(result.failure, "\(result.failure ?? "")\n\(result.screen)")
        XCTAssertEqual(result.status, 0, result.mainScreen)
        XCTAssertTrue(result.snapshots["followed"]?.contains("Total ₩10,500") ?? false, result.snapshots["followed"] ?? "")
    }

    func testTheScreenShowsARefusedMenuOnceAsItsAlertAndTheCommandsSayNoMore() throws {
        let server = try LocalConfigServer()
        defer { server.stop() }
        try server.setTemplate(["menu": #"[{"id": 1, "name": "떡볶이", "price": 0}]"#, "seller_contacts": "[]"])
        let url = server.baseURL.absoluteString
        var environment = environment
        environment["TERM"] = "xterm-256color"
        // A first run: the screen shows the menu compiled into the app, and the refusal as its alert.
        let result = try TerminalSession.run(
            try Self.executable, ["menu", "--remote-config-url", url], environment: environment,
            steps: [
                .waitFor("튀김"), .waitFor("[>OK<]"), .snapshot("alert"), .enter, .waitUntilGone("[>OK<]"), .controlC, .exit,
            ])
        XCTAssertNil(result.failure, "\(result.failure ?? "")\n\(result.screen)")
        XCTAssertEqual(result.status, 0, result.mainScreen)
        let alert = result.snapshots["alert"] ?? ""
        XCTAssertTrue(alert.contains("Menu Fail") && alert.contains("item 1 has a price of 0"), alert)

        // The screen said it: a command on the same data meets the same value and says nothing more.
        let list = try bistro("menu", "list", "--remote-config-url", url)
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertEqual(list.standardError, "")
        XCTAssertEqual(list.standardOutput, MenuCommandTests.emptySelection)
    }

    private struct Listing: Decodable {
        struct Item: Decodable {
            let name: String
            let count: Int
        }

        let items: [Item]
    }
}

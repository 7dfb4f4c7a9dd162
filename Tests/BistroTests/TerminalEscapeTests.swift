import Foundation
import TestSupport
import XCTest

/// Text from a server never reaches the terminal raw: a contact or a menu item carrying escape
/// sequences shows them as visible stand-ins in plain output, on a pseudo-terminal and on the menu
/// screen, while `--json` keeps the exact value.
final class TerminalEscapeTests: BistroTestCase {
    /// Retitles the window, writes the clipboard, clears the screen, then overwrites the line in red.
    private static let hostile = "서울 \u{1B}]0;PWNED\u{07}\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\r\u{1B}[31m spoofed"
    private static let shown = "서울 ␛]0;PWNED␇␛]52;c;ZXZpbA==␇␛[2J␍␛[31m spoofed"

    private var server: LocalConfigServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LocalConfigServer()
        let contacts = try JSONSerialization.data(withJSONObject: [["address": Self.hostile, "order": 0, "phone": "+82\u{9B}31m 2"]])
        let menu = try JSONSerialization.data(withJSONObject: [["id": 1, "name": "떡볶이\u{1B}]0;PWNED\u{07}", "price": 4000]])
        try server.setTemplate([
            "seller_contacts": String(decoding: contacts, as: UTF8.self), "menu": String(decoding: menu, as: UTF8.self),
        ])
    }

    override func tearDownWithError() throws {
        server?.stop()
        try super.tearDownWithError()
    }

    private func withServer(_ arguments: String...) throws -> Run {
        try bistro(args: ["--remote-config-url", server.baseURL.absoluteString] + arguments)
    }

    private func assertNothingRaw(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let raw = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        XCTAssertEqual(raw.map { String($0.value, radix: 16) }, [], "control characters reached the output", file: file, line: line)
    }

    func testPlainOutputShowsTheSequencesWithoutSendingThem() throws {
        let contacts = try withServer("contacts")
        XCTAssertEqual(contacts.status, 0, contacts.standardError)
        assertNothingRaw(contacts.standardOutput)
        XCTAssertEqual(contacts.standardOutput, "#  PHONE      ADDRESS\n0  +82�31m 2  \(Self.shown)\n")

        let menu = try bistro("menu", "list")
        assertNothingRaw(menu.standardOutput)
        XCTAssertTrue(menu.standardOutput.contains("떡볶이␛]0;PWNED␇"), menu.standardOutput)

        let config = try bistro("config", "show")
        assertNothingRaw(config.standardOutput)
        // The values are JSON text as the server sent it: its escapes are text, its raw C1 a stand-in.
        XCTAssertTrue(config.standardOutput.contains(#"\u001b]52;c;ZXZpbA==\u0007"#), config.standardOutput)
        XCTAssertTrue(config.standardOutput.contains("+82�31m 2"), config.standardOutput)

        let summary = try bistro()
        assertNothingRaw(summary.standardOutput)
    }

    func testJSONKeepsTheExactValueEscapedByTheEncoder() throws {
        let contacts = try withServer("contacts", "--json")
        assertNothingRaw(contacts.standardOutput)
        XCTAssertTrue(contacts.standardOutput.contains(#"\u001b]0;PWNED\u0007"#), contacts.standardOutput)
        XCTAssertTrue(contacts.standardOutput.contains(#"+82\u009b31m 2"#), contacts.standardOutput)
        let decoded = try JSONSerialization.jsonObject(with: Data(contacts.standardOutput.utf8)) as? [[String: Any]]
        XCTAssertEqual(decoded?.first?["address"] as? String, Self.hostile)
        XCTAssertEqual(decoded?.first?["phone"] as? String, "+82\u{9B}31m 2")
    }

    func testOnAPseudoTerminalNothingIsRetitledClearedOrOverwritten() throws {
        var environment = environment
        environment["TERM"] = "xterm-256color"
        let result = try TerminalSession.run(
            try Self.executable, ["--remote-config-url", server.baseURL.absoluteString, "contacts"],
            environment: environment, steps: [.exit])
        XCTAssertEqual(result.status, 0, result.mainScreen)
        // The emulator would have cleared the header and put "spoofed" at the start of the line.
        XCTAssertTrue(result.mainScreen.contains("#  PHONE      ADDRESS"), result.mainScreen)
        XCTAssertTrue(result.mainScreen.contains(Self.shown), result.mainScreen)
    }

    func testTheMenuScreenShowsTheSequences() throws {
        var environment = environment
        environment["TERM"] = "xterm-256color"
        let result = try TerminalSession.run(
            try Self.executable, ["--remote-config-url", server.baseURL.absoluteString, "menu"],
            environment: environment, steps: [.waitFor("PWNED"), .snapshot("menu"), .controlC, .exit])
        XCTAssertNil(result.failure, "\(result.failure ?? "")\n\(result.screen)")
        XCTAssertTrue(result.snapshots["menu"]?.contains("떡볶이␛]0;PWNED␇") ?? false, result.snapshots["menu"] ?? "")
    }
}

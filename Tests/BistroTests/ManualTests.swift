import Foundation
import XCTest

/// `bistro --generate-manual` writes an mdoc page that `man` renders with every command.
final class ManualTests: BistroTestCase {
    /// What `tool` prints run with `arguments` in the test's HOME.
    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = home
        var environment = self.environment
        environment["MANPAGER"] = "cat"
        environment["MANWIDTH"] = "100"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testManRendersEveryCommandAndTheEnvironment() throws {
        let generated = try bistro("--generate-manual")
        XCTAssertEqual(generated.status, 0, generated.standardError)
        try generated.standardOutput.write(to: home.appendingPathComponent("bistro.1"), atomically: true, encoding: .utf8)

        if FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc") {
            // Nothing mdoc would warn about (long lines are only a style note).
            let lint = try run("/usr/bin/mandoc", ["-T", "lint", "-W", "warning", "bistro.1"])
            XCTAssertEqual(lint.output, "")
            XCTAssertEqual(lint.status, 0)
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { throw XCTSkip("man is not installed") }
        let page = try run("/usr/bin/man", ["./bistro.1"])
        XCTAssertEqual(page.status, 0, page.output)
        // man may hyphenate or bold what it shows: the page's words are read with the
        // overstrikes gone.
        let text = page.output.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        for expected in [
            "BISTRO(1)", "menu list", "menu set ITEM COUNT", "menu clear", "menu order", "orders", "contacts", "auth sign-in",
            "auth status", "config fetch", "config watch", "config installation", "--database PATH", "BISTRO_TIMEOUT", "EXIT STATUS",
        ] {
            XCTAssertTrue(text.contains(expected), "the page lacks '\(expected)':\n\(text)")
        }
    }
}

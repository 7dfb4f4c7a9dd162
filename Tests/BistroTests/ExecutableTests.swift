import Foundation
import XCTest

/// `--help`, `--version` and usage errors of the built executable.
final class ExecutableTests: BistroTestCase {
    func testVersionAndHelp() throws {
        let version = try bistro("--version")
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.standardOutput, "bistro 0.4.0\n")

        let help = try bistro("--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.hasPrefix("usage: bistro [COMMAND]\n"), help.standardOutput)
        for line in [
            "  contacts ", "  menu ", "  orders ", "  config ", "  --fake ", "  --database PATH ", "  --remote-config-url URL ",
            "  --state-dir PATH ",
        ] {
            XCTAssertTrue(help.standardOutput.contains(line), "\(line) in \(help.standardOutput)")
        }
        XCTAssertTrue(help.standardOutput.contains("(sign in, then Menu, Contacts and\n"), help.standardOutput)
    }

    func testEveryCommandHasHelp() throws {
        for path in [
            ["contacts"], ["menu"], ["menu", "list"], ["menu", "set"], ["menu", "clear"], ["menu", "order"], ["orders"], ["config"],
            ["config", "fetch"], ["config", "show"],
        ] {
            let help = try bistro(args: path + ["--help"])
            XCTAssertEqual(help.status, 0, "\(path)")
            XCTAssertTrue(help.standardOutput.hasPrefix("usage: bistro \(path.joined(separator: " "))"), help.standardOutput)
        }
        XCTAssertTrue(try bistro("contacts", "--help").standardOutput.contains("  --watch "))
    }

    func testUsageErrorsExitWithTwoAndAHint() throws {
        let unknownOption = try bistro("--nope")
        XCTAssertEqual(unknownOption.status, 2)
        XCTAssertEqual(unknownOption.standardOutput, "")
        XCTAssertEqual(unknownOption.standardError, "bistro: error: unknown option '--nope'\ntry 'bistro --help' for usage\n")

        let extra = try bistro("contacts", "extra")
        XCTAssertEqual(extra.status, 2)
        XCTAssertEqual(extra.standardError, "bistro: error: unexpected argument 'extra'\ntry 'bistro contacts --help' for usage\n")

        let unknownCommand = try bistro("config", "push")
        XCTAssertEqual(unknownCommand.status, 2)
        XCTAssertEqual(
            unknownCommand.standardError,
            "bistro: error: unknown command 'push' for 'bistro config'\ntry 'bistro config --help' for usage\n")

        let group = try bistro("config")
        XCTAssertEqual(group.status, 0, "a group run without a subcommand prints its help")
        XCTAssertEqual(group.standardOutput, try bistro("config", "--help").standardOutput)
        XCTAssertEqual(group.standardError, "")

        let badURL = try bistro("contacts", "--remote-config-url", "ftp://example.com")
        XCTAssertEqual(badURL.status, 2)
        XCTAssertEqual(badURL.standardError, "bistro: error: 'ftp://example.com' is not an http(s) URL\ntry 'bistro --help' for usage\n")

        let missingValue = try bistro("--database")
        XCTAssertEqual(missingValue.status, 2)
        XCTAssertEqual(missingValue.standardError, "bistro: error: missing value for '--database PATH'\ntry 'bistro --help' for usage\n")
    }
}

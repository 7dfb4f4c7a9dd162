import Foundation
import TestSupport
import XCTest

/// `--help`, `--version` and usage errors of the built executable.
final class ExecutableTests: BistroTestCase {
    func testVersionAndHelp() throws {
        let version = try bistro("--version")
        XCTAssertEqual(version.status, 0)
        // The one version, as Scripts/release.sh writes it.
        let source = try String(contentsOf: repositoryDirectory().appendingPathComponent("Apps/Bistro/Version.swift"), encoding: .utf8)
        let written = try XCTUnwrap(source.firstMatch(of: /let bistroVersion = "([0-9]+\.[0-9]+\.[0-9]+)"/)?.output.1)
        XCTAssertEqual(version.standardOutput, "bistro \(written)\n")

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

    func testEveryHelpScreenKeepsItsColumnsApartAndFitsAHundredColumns() throws {
        // Every command the help screens list, found from the root's.
        var pending: [[String]] = [[]]
        var seen = 0
        while let path = pending.popLast() {
            let help = try bistro(args: path + ["--help"]).standardOutput
            seen += 1
            var section = ""
            for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasSuffix(":") && !line.hasPrefix(" ") { section = line }
                let words = line.split(separator: " ")
                XCTAssertTrue(line.count <= 100 || words.count == 1, "\(path): wider than 100 columns: \(line)")
                // A row of a list: its name, at least two spaces, then its text.
                guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
                XCTAssertNotNil(line.range(of: #"^  \S(.*?\S)?  +\S"#, options: .regularExpression), "\(path): runs together: \(line)")
                if section == "commands:" { pending.append(path + [String(words[0])]) }
            }
            if !path.isEmpty {
                XCTAssertTrue(help.hasSuffix("global options: see 'bistro --help'\n"), "\(path): \(help)")
                XCTAssertFalse(help.contains("--state-dir"), "\(path): the global options are the root's to list")
            }
        }
        XCTAssertGreaterThan(seen, 15, "every command's help")
        let root = try bistro("--help").standardOutput
        XCTAssertTrue(root.contains("  --generate-completion-script SHELL  "), root)
        XCTAssertTrue(root.contains("  --generate-manual "), root)
        XCTAssertTrue(try bistro("auth", "--help").standardOutput.contains("  delete-account  "), "not delete-accountrevoke")
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

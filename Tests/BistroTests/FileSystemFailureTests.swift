import Foundation
import XCTest

/// Paths the user gives: relative ones work, and every file-system failure is one sentence that
/// names the path and what is wrong with it (exit 1; exit 2 for a file to read that is not
/// there), never a Foundation error dump.
final class FileSystemFailureTests: BistroTestCase {
    private func assertFails(_ arguments: [String], with message: String, line: UInt = #line) throws {
        let run = try bistro(args: arguments)
        XCTAssertEqual(run.status, 1, line: line)
        XCTAssertEqual(run.standardOutput, "", line: line)
        XCTAssertEqual(run.standardError, "bistro: error: \(message)\n", line: line)
        XCTAssertFalse(run.standardError.contains("NSCocoaErrorDomain"), line: line)
    }

    func testABareFileNameIsADatabaseInTheCurrentDirectory() throws {
        let run = try bistro(args: ["--database", "relative.sqlite", "menu", "set", "1", "2"], directory: home)
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent("relative.sqlite").path))
        let again = try bistro(args: ["--database", "./relative.sqlite", "menu", "list", "--json"], directory: home)
        XCTAssertTrue(again.standardOutput.contains(#""itemsCount":2"#), again.standardOutput)
    }

    func testAFileWhereADirectoryShouldBeIsNamed() throws {
        let file = home.appendingPathComponent("a-file")
        try Data("not a directory".utf8).write(to: file)
        try assertFails(
            ["--database", file.appendingPathComponent("bistro.sqlite").path, "menu", "list"],
            with: "could not open the app's storage: cannot create the directory \(file.path): a file is in the way")
        try assertFails(
            ["--database", file.appendingPathComponent("deeper/bistro.sqlite").path, "menu", "list"],
            with: "could not open the app's storage: cannot create the directory \(file.path)/deeper: \(file.path) is a file, in the way")
        try assertFails(
            ["--state-dir", file.path, "contacts"],
            with: "could not open the app's storage: cannot create the directory \(file.path): a file is in the way")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "not a directory")
    }

    func testAPathBeyondTheSystemsLimitIsTooLong() throws {
        let directory = home.path + String(repeating: "/abcdefghij", count: 450)
        let run = try bistro(args: ["--database", directory + "/bistro.sqlite", "menu", "list"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.standardError.hasPrefix(
                "bistro: error: could not open the app's storage: cannot create the directory \(home.path.prefix(40))"), run.standardError)
        XCTAssertTrue(run.standardError.hasSuffix("…" + directory.suffix(60) + ": the path is too long\n"), run.standardError)
    }

    func testADirectoryGivenAsTheDatabaseIsNamed() throws {
        try assertFails(
            ["--database", home.path, "menu", "list"],
            with: "could not open the app's storage: The database at \(home.path) cannot be opened: it is a directory.")
    }

    func testAnInputFileThatCannotBeReadIsAUsageErrorThatNamesIt() throws {
        let missing = home.appendingPathComponent("missing.jwt").path
        let cases = [
            (
                ["auth", "sign-in", "--identity-token", missing],
                "could not read the identity token: cannot read \(missing): no such file or directory"
            ),
            (
                ["auth", "sign-in", "--identity-token", home.path],
                "could not read the identity token: cannot read \(home.path): it is a directory"
            ),
            (["auth", "notification", missing], "could not read the notification: cannot read \(missing): no such file or directory"),
        ]
        for (arguments, message) in cases {
            let run = try bistro(args: arguments)
            XCTAssertEqual(run.status, 2, "as a missing options or key file: \(arguments)")
            XCTAssertEqual(run.standardOutput, "")
            XCTAssertTrue(run.standardError.hasPrefix("bistro: error: \(message)\ntry 'bistro auth "), run.standardError)
        }
    }
}

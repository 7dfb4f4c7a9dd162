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

    /// A usage error (exit 2) naming the option and the path, after which nothing was written.
    private func assertRefused(_ arguments: [String], with message: String, line: UInt = #line) throws {
        let run = try bistro(args: arguments)
        XCTAssertEqual(run.status, 2, run.standardError, line: line)
        XCTAssertEqual(run.standardOutput, "", line: line)
        XCTAssertEqual(run.standardError, "bistro: error: \(message)\ntry 'bistro --help' for usage\n", line: line)
    }

    func testAFileWhereADirectoryShouldBeIsNamed() throws {
        let file = home.appendingPathComponent("a-file")
        try Data("not a directory".utf8).write(to: file)
        try assertRefused(
            ["--database", file.appendingPathComponent("bistro.sqlite").path, "menu", "list"],
            with: "--database: \(file.path) is a file, not a directory")
        try assertRefused(
            ["--database", file.appendingPathComponent("deeper/bistro.sqlite").path, "menu", "list"],
            with: "--database: the directory \(file.path)/deeper does not exist")
        try assertRefused(["--state-dir", file.path, "contacts"], with: "--state-dir: \(file.path) is a file, not a directory")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "not a directory")
    }

    func testAMissingDirectoryOfAPathTheUserGaveIsNamedAndNeverMade() throws {
        let missing = home.appendingPathComponent("nowhere/deeper")
        try assertRefused(
            ["--database", missing.appendingPathComponent("x.sqlite").path, "menu", "list"],
            with: "--database: the directory \(missing.path) does not exist")
        try assertRefused(
            ["--state-dir", missing.appendingPathComponent("state").path, "contacts"],
            with: "--state-dir: the directory \(missing.path) does not exist")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("nowhere").path), "nothing was made")
        // A state directory whose parent exists is made, as the app's own are: private.
        let state = home.appendingPathComponent("given-state")
        XCTAssertEqual(try bistro(args: ["--state-dir", state.path, "contacts"]).status, 0)
        XCTAssertEqual(try mode(of: state.path), 0o700)
    }

    func testTheAppsOwnDirectoriesAndItsDatabaseArePrivate() throws {
        XCTAssertEqual(try bistro("menu", "set", "1", "2").status, 0)
        let data = home.appendingPathComponent("data/bistro")
        XCTAssertEqual(try mode(of: data.path), 0o700, "as the XDG Base Directory specification asks")
        XCTAssertEqual(try mode(of: home.appendingPathComponent("state/bistro").path), 0o700)
        for name in ["bistro.sqlite", "bistro.sqlite-wal", "bistro.sqlite-shm"] {
            let path = data.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            XCTAssertEqual(try mode(of: path), 0o600, "\(name) holds orders and contacts")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: data.appendingPathComponent("bistro.sqlite").path))
    }

    private func mode(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testAPathBeyondTheSystemsLimitIsTooLong() throws {
        let directory = home.path + String(repeating: "/abcdefghij", count: 450)
        let run = try bistro(args: ["menu", "list"], environment: ["XDG_DATA_HOME": directory])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.standardError.hasPrefix(
                "bistro: error: could not open the app's storage: cannot create the directory \(home.path.prefix(40))"), run.standardError)
        XCTAssertTrue(run.standardError.hasSuffix("…" + (directory + "/bistro").suffix(60) + ": the path is too long\n"), run.standardError)
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

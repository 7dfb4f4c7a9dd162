import Foundation
import TestSupport
import XCTest

/// `bistro --generate-completion-script bash|zsh|fish`, run in each shell for real: the script's
/// function is called as the shell calls it on Tab, and what it offers is read back.
final class CompletionTests: BistroTestCase {
    /// The generated script for `shell`, in a file of the test's HOME.
    private func script(_ shell: String) throws -> URL {
        let run = try bistro("--generate-completion-script", shell)
        XCTAssertEqual(run.status, 0, run.standardError)
        let file = home.appendingPathComponent("completion.\(shell)")
        try run.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// What `shell` prints running `commands`, with `bistro` first on the PATH.
    private func runShell(_ shell: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(shell)")
        process.arguments = arguments
        var environment = self.environment
        environment["PATH"] = try Self.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// The words as a shell array literal.
    private func quoted(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    private func requireShell(_ shell: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") else {
            throw XCTSkip("\(shell) is not installed (.ci/run installs it)")
        }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        // The catalog the item names come from: stored by one run, from the compiled-in defaults.
        XCTAssertEqual(try bistro("menu", "list").status, 0)
    }

    private static let items = ["떡볶이", "김밥", "라면", "튀김"]

    func testBashOffersCommandsSubcommandsOptionsAndTheStoredItems() throws {
        try requireShell("bash")
        let file = try script("bash")
        func complete(_ words: String...) throws -> [String] {
            lines(
                try runShell(
                    "bash",
                    [
                        "-c",
                        "source \(file.path); COMP_WORDS=(\(quoted(words))); COMP_CWORD=\(words.count - 1); _bistro_complete; "
                            + "printf '%s\\n' \"${COMPREPLY[@]}\"",
                    ]))
        }
        XCTAssertEqual(try complete("bistro", "me"), ["menu"])
        XCTAssertEqual(try complete("bistro", "menu", "s"), ["set"])
        XCTAssertEqual(try complete("bistro", "menu", "set", ""), Self.items)
        XCTAssertEqual(try complete("bistro", "menu", "set", "김"), ["김밥"])
        XCTAssertEqual(try complete("bistro", "--database", "x.sqlite", "--ti"), ["--timeout"])
    }

    func testZshOffersTheSame() throws {
        try requireShell("zsh")
        let file = try script("zsh")
        func complete(_ words: String...) throws -> [String] {
            // compadd and compdef are the completion system's; here they print what they are given.
            lines(
                try runShell(
                    "zsh",
                    [
                        "-f", "-c",
                        "compdef() { : }; compadd() { [[ $1 == -- ]] && shift; printf '%s\\n' \"$@\" }; source \(file.path); "
                            + "words=(\(quoted(words))); CURRENT=\(words.count); _bistro_complete",
                    ]))
        }
        XCTAssertEqual(try complete("bistro", "me"), ["menu"])
        XCTAssertEqual(try complete("bistro", "menu", "s"), ["set"])
        XCTAssertEqual(try complete("bistro", "menu", "set", ""), Self.items)
    }

    func testFishOffersTheSame() throws {
        try requireShell("fish")
        let file = try script("fish")
        func complete(_ line: String) throws -> [String] {
            lines(try runShell("fish", ["--no-config", "-c", "source \(file.path); complete -C '\(line)'"]))
        }
        XCTAssertEqual(try complete("bistro me"), ["menu"])
        XCTAssertEqual(try complete("bistro menu s"), ["set"])
        XCTAssertEqual(try complete("bistro menu set "), Self.items.sorted(), "fish sorts what it offers")
    }

    /// A catalog whose names hold a space, a quote and Hangul, stored by a sync from a local server.
    private func storeNamesThatNeedQuoting() throws {
        let template = home.appendingPathComponent("template.json")
        let menu =
            [["id": 1, "name": "Installations Soup", "price": 9000], ["id": 2, "name": "Mom's Kimchi", "price": 7000]]
            + [["id": 3, "name": "김치찌개", "price": 8000]]
        try JSONSerialization.data(withJSONObject: ["entries": ["menu": menu]]).write(to: template)
        let server = try LocalConfigServer(arguments: ["--template", template.path])
        defer { server.stop() }
        let sync = try bistro("menu", "list", "--remote-config-url", server.baseURL.absoluteString)
        XCTAssertEqual(sync.status, 0, sync.standardError)
    }

    func testNamesWithASpaceAQuoteOrHangulCompleteAsOneWordInEveryShell() throws {
        try storeNamesThatNeedQuoting()
        try requireShell("bash")
        let bash = try script("bash")
        // COMP_WORDS as bash fills it: the words as typed, backslashes included.
        func bashCompletes(_ words: String...) throws -> [String] {
            lines(
                try runShell(
                    "bash",
                    [
                        "-c",
                        "source \(bash.path); COMP_WORDS=(\(quoted(words))); COMP_CWORD=\(words.count - 1); _bistro_complete; "
                            + "printf '%s\\n' \"${COMPREPLY[@]}\"",
                    ]))
        }
        XCTAssertEqual(try bashCompletes("bistro", "menu", "set", "Ins"), [#"Installations\ Soup"#], "escaped: one word")
        XCTAssertEqual(try bashCompletes("bistro", "menu", "set", #"Installations\ S"#), [#"Installations\ Soup"#])
        XCTAssertEqual(try bashCompletes("bistro", "menu", "set", "'Installations S"), [#"Installations\ Soup"#])
        XCTAssertEqual(try bashCompletes("bistro", "menu", "set", "Mom"), [#"Mom\'s\ Kimchi"#])
        XCTAssertEqual(try bashCompletes("bistro", "menu", "set", "김"), ["김치찌개"])
        // What bash inserts is read back by the command as one name.
        let set = try runShell("bash", ["-c", #"bistro menu set Mom\'s\ Kimchi 2 --json"#])
        XCTAssertTrue(set.contains(#""itemsCount":2"#), set)

        try requireShell("zsh")
        let zsh = try script("zsh")
        // zsh's `words` hold the words as typed; compadd, which quotes what it inserts, gets them plain.
        func zshCompletes(_ words: String...) throws -> [String] {
            lines(
                try runShell(
                    "zsh",
                    [
                        "-f", "-c",
                        "compdef() { : }; compadd() { [[ $1 == -- ]] && shift; printf '%s\\n' \"$@\" }; source \(zsh.path); "
                            + "words=(\(quoted(words))); CURRENT=\(words.count); _bistro_complete",
                    ]))
        }
        XCTAssertEqual(try zshCompletes("bistro", "menu", "set", #"Installations\ S"#), ["Installations Soup"])
        XCTAssertEqual(try zshCompletes("bistro", "menu", "set", "\"Mom's"), ["Mom's Kimchi"])
        XCTAssertEqual(try zshCompletes("bistro", "menu", "set", "김치"), ["김치찌개"])

        try requireShell("fish")
        let fish = try script("fish")
        func fishCompletes(_ line: String) throws -> [String] {
            lines(try runShell("fish", ["--no-config", "-c", "source \(fish.path); complete -C \(quoted([line]))"]))
        }
        XCTAssertEqual(try fishCompletes(#"bistro menu set Installations\ S"#), ["Installations Soup"])
        XCTAssertEqual(try fishCompletes("bistro menu set Mom"), ["Mom's Kimchi"])
        XCTAssertEqual(try fishCompletes("bistro menu set 김"), ["김치찌개"])
    }

    func testAnUnknownShellIsAUsageError() throws {
        let run = try bistro("--generate-completion-script", "tcsh")
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.standardError, "bistro: error: --generate-completion-script takes one of bash, zsh, fish\ntry 'bistro --help' for usage\n")
    }
}

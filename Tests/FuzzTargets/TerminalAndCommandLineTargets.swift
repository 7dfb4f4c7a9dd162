import ArgumentParsing
import TerminalUI

extension FuzzTarget {
    /// What a raw-mode terminal sends, in reads whose size the first byte sets, then flushed.
    static let terminalInput = FuzzTarget("terminal-input", "a raw-mode terminal's bytes: keys, escape sequences, UTF-8, pastes") {
        let (parameter, rest) = $0.parameterAndRest
        var parser = KeyParser()
        var keys: [Key] = []
        var offset = 0
        let size = parameter + 1
        while offset < rest.count {
            keys += parser.parse(rest[offset..<min(offset + size, rest.count)])
            offset += size
        }
        keys += parser.flush()
        return keys.isEmpty ? .refused : .decoded
    }

    /// A command line, words separated by NUL, parsed and completed against a tool of `bistro`'s shape.
    static let commandLine = FuzzTarget("command-line", "a command line (words separated by NUL): parsing and completion") {
        let words = $0.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        _ = CommandParser.completions(for: words, root: FuzzTool.self)
        do {
            _ = try CommandParser.parse(words, root: FuzzTool.self, environment: ["FUZZ_TIMEOUT": "3"])
            return .decoded
        } catch {
            return .refused
        }
    }
}

/// A tool of `bistro`'s shape: global options with environment variables, nested subcommands,
/// arguments with a transform, repeated, counted and enumerable options, a hidden command.
struct FuzzTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tool", abstract: "a tool", subcommands: [FuzzMenu.self, FuzzExport.self], runsWithoutSubcommand: true)

    @Option(help: ArgumentHelp("the database", valueName: "PATH")) var database: String?
    @Option(help: ArgumentHelp("seconds", valueName: "SECONDS"), environment: "FUZZ_TIMEOUT") var timeout: Double?
    @Flag(help: "use fakes") var fake = false

    mutating func run() throws {}
}

struct FuzzMenu: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu", abstract: "the menu", subcommands: [FuzzMenuSet.self], runsWithoutSubcommand: true)
}

struct FuzzMenuSet: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "set a count")

    @Argument(help: "the item") var item: String
    @Argument(help: "how many", transform: FuzzMenuSet.count) var count: Int
    @Option(name: [.customShort("n"), .long], help: ArgumentHelp("a note", valueName: "TEXT")) var note: String?
    @Option(help: ArgumentHelp("words taken as they are", valueName: "WORD"), parsing: .unconditional) var pass: String?
    @Flag(help: "print JSON") var json = false

    static func count(_ text: String) throws -> Int {
        guard let count = Int(text), count >= 0 else { throw ValidationError("COUNT must be a whole number of 0 or more") }
        return count
    }
}

/// How `FuzzExport` writes.
enum FuzzFormat: String, EnumerableFlag {
    case text
    case json
}

struct FuzzExport: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "export things")

    @Option(help: ArgumentHelp("a tag", valueName: "TAG")) var tag: [String] = []
    @Option(help: "sizes") var size: [Int] = [1]
    @Flag(name: .shortAndLong, help: "say more") var verbose: Int
    @Flag(help: "how to write") var format: FuzzFormat = .text
    @Flag(name: .short, help: "all") var all = false
}

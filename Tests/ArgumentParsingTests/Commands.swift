import ArgumentParsing
import Foundation

/// A tool of the shape of `bistro`, declared as its users would.
struct GlobalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("the database", valueName: "PATH")) var database: String?
    @Option(help: ArgumentHelp("the longest a call may take", valueName: "SECONDS"), environment: "TOOL_TIMEOUT")
    var timeout: Double?
    @Flag(help: "use fakes", environment: "TOOL_FAKE") var fake = false
}

struct Tool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tool", abstract: "a tool", discussion: "It does several things.",
        subcommands: [Menu.self, Config.self, Hidden.self], runsWithoutSubcommand: true)

    @OptionGroup(title: "global options") var global: GlobalOptions
    @Flag(help: "print the version and exit") var version = false

    mutating func run() throws {}
}

struct Menu: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "the menu", subcommands: [MenuSet.self, List.self], defaultSubcommand: List.self, runsWithoutSubcommand: true)
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "list")
    @Flag(help: "print JSON") var json = false
}

struct MenuSet: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "set a count")

    @Argument(
        help: "the item",
        completion: .custom { request in
            // What a tool would look up; the context it was given, and the words before, reach it.
            (request.context as? [String] ?? ["떡볶이", "김밥"]) + (request.words.contains("--note") ? ["noted"] : [])
        })
    var item: String
    @Argument(help: "how many, 0 or more", transform: MenuSet.count) var count: Int
    @Option(name: [.customShort("n"), .long], help: ArgumentHelp("a note", valueName: "TEXT")) var note: String?
    @Option(help: ArgumentHelp("words for another program, taken as they are", valueName: "WORD"), parsing: .unconditional)
    var pass: String?
    @Flag(help: "print JSON") var json = false

    static func count(_ text: String) throws -> Int {
        guard let count = Int(text), count >= 0 else { throw ValidationError("COUNT must be a whole number of 0 or more, not '\(text)'") }
        return count
    }

    mutating func validate() throws {
        if item == "forbidden" { throw ValidationError("'forbidden' cannot be selected") }
    }
}

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "the config", subcommands: [Fetch.self])
}

struct Fetch: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "fetch now")
    @Option(help: ArgumentHelp("the server", valueName: "URL")) var server: URL
    @Option(help: "how often") var retries = 3
}

struct Hidden: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "not listed", shouldDisplay: false)
}

/// Named from its type: `SignInWithToken` is `sign-in-with-token`.
struct SignInWithTokenCommand: ParsableCommand {}

/// How `Exporter` writes.
enum ExportFormat: String, EnumerableFlag {
    case text
    case json
}

/// A command with the repeated, counted and enumerable kinds of options.
struct Exporter: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "exporter", abstract: "export things")

    @Option(help: ArgumentHelp("a tag to export, as often as needed", valueName: "TAG")) var tag: [String] = []
    @Option(help: "sizes") var size: [Int] = [1]
    @Flag(name: .shortAndLong, help: "say more, once per v", environment: "EXPORT_VERBOSE") var verbose: Int
    @Flag(help: "how to write", environment: "EXPORT_FORMAT") var format: ExportFormat = .text
    @Flag(name: .short, help: "all") var all = false
}

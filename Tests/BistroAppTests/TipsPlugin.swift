import ArgumentParsing
import FeatureContract
import Foundation
import PersistenceInterface
import RemoteConfigInterface
import TerminalUI

/// A fourth feature, as a plugin author outside Bistro would write it: a table, a remote-config
/// key with its default, `tips add TEXT` and `tips list [--json]`, a tab and a summary section.
enum TipsPlugin {
    static let plugin = FeaturePlugin(
        name: "tips",
        migrations: [
            Migration("tips.createTips", sql: "CREATE TABLE tips (id INTEGER PRIMARY KEY, text TEXT NOT NULL)"),
            Migration("tips.addAuthor", sql: "ALTER TABLE tips ADD COLUMN author TEXT"),
        ],
        remoteConfigDefaults: ["tips_greeting": .string("Tip of the day")],
        commands: [TipsCommand.self],
        screens: [FeatureScreen { services in TipsViewController(count: try count(services)) }],
        summary: FeatureSummary(title: "Tips") { services in "\(try count(services)) tips" })

    static func count(_ services: FeatureServices) throws -> Int {
        try services.database().read { db in
            Int.fromDatabaseValue(try db.fetchValue(sql: "SELECT count(*) FROM tips") ?? .null) ?? 0
        }
    }
}

struct TipsCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "tips", abstract: "the tips", subcommands: [TipsAddCommand.self, TipsListCommand.self])
}

struct TipsAddCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "add a tip")

    @Argument(help: "the tip") var text: String
    @Option(help: ArgumentHelp("who gave it", valueName: "NAME")) var author: String?

    func run(with services: FeatureServices) async throws {
        guard !text.isEmpty else { throw CommandFailure("a tip cannot be empty") }
        try services.database().write { db in
            try db.execute(
                sql: "INSERT INTO tips (text, author) VALUES (?, ?)", arguments: [.text(text), author.map { .text($0) } ?? .null])
        }
        services.console.emit("added")
    }
}

struct TipsListCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "list the tips")

    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        let greeting = try services.remoteConfig().configValue(forKey: "tips_greeting").stringValue
        let tips = try services.database().read { db in
            try db.fetchRows(sql: "SELECT text FROM tips ORDER BY id").map { try $0.decode(String.self, column: "text") }
        }
        services.console.emit(
            json ? try JSONLine.encode(["greeting": [greeting], "tips": tips]) : ([greeting] + tips).joined(separator: "\n"))
    }
}

@MainActor
final class TipsViewController: ViewController {
    private let count: Int

    init(count: Int) {
        self.count = count
        super.init()
        title = "Tips"
    }

    override func loadView() {
        view = Label("\(count) tips stored")
    }
}

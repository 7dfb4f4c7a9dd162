import ArgumentParsing
import FeatureContract
import Foundation
import PersistenceInterface
import Reactive
import RemoteConfigInterface
import TerminalUI

/// Today's specials: a feature Bistro does not have, plugged into its app library.
///
/// The specials are published in remote config (`specials`, a JSON array of `{name, price}`), kept
/// in the `specials` table by the app's remote-config tables, and shown from that table only.
public enum SpecialsFeature {
    /// The plugin: a table kept in step with a key (the specials compiled in as its default),
    /// `specials [--json]`, a tab and a summary section.
    public static let plugin = FeaturePlugin(
        name: "specials",
        migrations: [
            Migration(
                "specials.create", sql: "CREATE TABLE specials (position INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER NOT NULL)")
        ],
        remoteConfigDefaults: [Special.key: .string(#"[{"name": "비빔밥", "price": 9000}]"#)],
        configTables: [Special.table],
        commands: [SpecialsCommand.self],
        screens: [
            FeatureScreen { services in
                SpecialsViewController(
                    tableScreen: Special.tableScreen(database: try services.database(), tables: try services.remoteConfigTables()))
            }
        ],
        summary: FeatureSummary(title: "Specials") { services in
            try await Special.sync(services)
            return Special.lines(try Special.stored(services)).joined(separator: "\n")
        })
}

/// One special, as published and as stored.
struct Special: Codable, Equatable, Sendable {
    let name: String
    let price: Int

    /// The remote-config key of the specials.
    static let key = "specials"

    /// A value of `specials` that is not a list of specials at positive prices: refused whole.
    struct Refused: Error, LocalizedError {
        var errorDescription: String? { "the specials are not a list of names with prices above 0" }
    }

    /// The specials table, kept in step with `specials`.
    static let table = RemoteConfigTable(
        key: key,
        decode: { value in
            guard let specials = try? JSONDecoder().decode([Special].self, from: value.dataValue), specials.allSatisfy({ $0.price > 0 })
            else { throw Refused() }
            return specials
        },
        read: { try all(in: $0) },
        replace: { specials, db in
            try db.execute(sql: "DELETE FROM specials")
            for (position, special) in specials.enumerated() {
                try db.execute(
                    sql: "INSERT INTO specials (position, name, price) VALUES (?, ?, ?)",
                    arguments: [.integer(Int64(position)), .text(special.name), .integer(Int64(special.price))])
            }
        })

    /// Where the screen's state comes from: the table, observed, and the failures to keep it in step.
    static func tableScreen(database: any Database, tables: RemoteConfigTables) -> TableScreen<Special> {
        .live(key: key, tables: tables, database: database) { try all(in: $0) }
    }

    /// Syncs the table once for a command: refused specials are a warning and the stored ones stay.
    static func sync(_ services: FeatureServices) async throws {
        try await services.syncTable(
            key, failure: "could not sync the specials",
            refusal: { "the server's specials were refused, keeping the last good specials: \(ErrorSentence.of($0))" })
    }

    /// The stored specials, for a command.
    static func stored(_ services: FeatureServices) throws -> [Special] {
        try CommandFailure.during("could not read the specials") { try services.database().read { try all(in: $0) } }
    }

    /// The stored specials, in the order published.
    static func all(in db: any ReadTransaction) throws -> [Special] {
        try db.fetchRows(sql: "SELECT name, price FROM specials ORDER BY position").map { row in
            Special(name: try row.decode(String.self, column: "name"), price: try row.decode(Int.self, column: "price"))
        }
    }

    /// The specials as lines of text, their names shown safely on a terminal.
    static func lines(_ specials: [Special]) -> [String] {
        specials.isEmpty ? ["none today"] : specials.map { "\($0.name.sanitizedForTerminal) \($0.price)" }
    }
}

/// `specials [--json]`: syncs the specials from remote config, then prints the stored ones.
struct SpecialsCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "specials", abstract: "sync and print today's specials")

    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        try await Special.sync(services)
        let specials = try Special.stored(services)
        services.console.emit(json ? try JSONLine.encode(specials) : Special.lines(specials).joined(separator: "\n"))
    }
}

/// The specials, from the table: redrawn when it changes, and the failure to keep it in step with
/// remote config in an alert until its OK.
@MainActor
final class SpecialsViewController: ViewController {
    private let list = ListView(placeholder: "none today")
    private let tableScreen: TableScreen<Special>
    private let disposeBag = DisposeBag()

    init(tableScreen: TableScreen<Special>) {
        self.tableScreen = tableScreen
        super.init()
        title = "Specials"
    }

    override func loadView() {
        view = Panel(title: "Today's specials", list)
    }

    override func viewDidLoad() {
        tableScreen.bind(to: self) { [weak self] specials in self?.list.rows = specials.map { ListRow($0.name, "\($0.price)") } }
            .disposed(by: disposeBag)
    }
}

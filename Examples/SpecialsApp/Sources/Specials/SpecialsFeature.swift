import ArgumentParsing
import FeatureContract
import PersistenceInterface
import TerminalUI

/// Today's specials: a feature Bistro does not have, plugged into its app library.
public enum SpecialsFeature {
    /// The plugin: a table, a remote-config key with its default, `specials add|list`, a tab and a
    /// summary section.
    public static let plugin = FeaturePlugin(
        name: "specials",
        migrations: [
            Migration("specials.create", sql: "CREATE TABLE specials (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER NOT NULL)")
        ],
        remoteConfigDefaults: ["specials_banner": .string("Today's specials")],
        commands: [SpecialsCommand.self],
        screens: [FeatureScreen { services in SpecialsViewController(lines: try Specials.lines(services)) }],
        summary: FeatureSummary(title: "Specials") { services in try Specials.lines(services).joined(separator: "\n") })
}

/// The specials as stored, as lines of text.
enum Specials {
    static func lines(_ services: FeatureServices) throws -> [String] {
        let banner = try services.remoteConfig().configValue(forKey: "specials_banner").stringValue
        let rows = try services.database().read { db in
            try db.fetchRows(sql: "SELECT name, price FROM specials ORDER BY id").map {
                "\(try $0.decode(String.self, column: "name")) \(try $0.decode(Int.self, column: "price"))"
            }
        }
        return [banner.sanitizedForTerminal] + (rows.isEmpty ? ["none today"] : rows.map(\.sanitizedForTerminal))
    }
}

struct SpecialsCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "specials", abstract: "today's specials", subcommands: [SpecialsAddCommand.self, SpecialsListCommand.self])

    func run(with services: FeatureServices) async throws {
        throw ValidationError("missing command for 'specials' (add or list)")
    }
}

struct SpecialsAddCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "add a special")

    @Argument(help: "the dish") var name: String
    @Argument(help: "its price in won", transform: SpecialsAddCommand.price) var price: Int

    static func price(_ text: String) throws -> Int {
        guard let price = Int(text), price > 0 else { throw ValidationError("PRICE must be a whole number of won above 0, not '\(text)'") }
        return price
    }

    func run(with services: FeatureServices) async throws {
        try services.database().write { db in
            try db.execute(sql: "INSERT INTO specials (name, price) VALUES (?, ?)", arguments: [.text(name), .integer(Int64(price))])
        }
        services.console.emit("added \(name.sanitizedForTerminal)")
    }
}

struct SpecialsListCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "list today's specials")

    func run(with services: FeatureServices) async throws {
        services.console.emit(try Specials.lines(services).joined(separator: "\n"))
    }
}

@MainActor
final class SpecialsViewController: ViewController {
    private let lines: [String]

    init(lines: [String]) {
        self.lines = lines
        super.init()
        title = "Specials"
    }

    override func loadView() {
        view = Label(lines.joined(separator: "\n"), numberOfLines: 0)
    }
}

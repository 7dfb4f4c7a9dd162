import ArgumentParsing
import FeatureContract
import Foundation
import Persistence
import PersistenceInterface
import RemoteConfigInterface
import TerminalUI
import XCTest

@testable import BistroApp

/// The host with plugins that are not Bistro's: a fourth feature adds a table, a key, a command,
/// a tab and a summary section without a line of the host changing.
final class PluginHostTests: XCTestCase {
    /// A second plugin, to see the order of the list kept.
    private static let notes = FeaturePlugin(
        name: "notes",
        migrations: [Migration("notes.create", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)")],
        remoteConfigDefaults: ["notes_limit": .number(10)],
        summary: FeatureSummary(title: "Notes") { _ in "no notes" })

    func testMigrationsRunInThePluginOrderThenTheHostsInOneDatabase() throws {
        let home = try makeHome(for: self)
        let app = InProcessApp([TipsPlugin.plugin, Self.notes], home: home)
        let run = app.run("tips", "add", "Salt the water", "--author", "Mi-rae")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, "added\n")
        let database = try SQLiteDatabase(
            .file(path: home.appendingPathComponent("data/tipsy/tipsy.sqlite").path),
            migrations: try BistroApp.migrations(of: [TipsPlugin.plugin, Self.notes]))
        XCTAssertEqual(try database.appliedMigrations(), ["tips.createTips", "tips.addAuthor", "notes.create", "bistro.createAppState"])
        XCTAssertEqual(try database.read { try $0.fetchValue(sql: "SELECT author FROM tips") }, .text("Mi-rae"))
    }

    func testAPluginsCommandIsParsedRunAndListedInTheHelp() {
        let app = InProcessApp([TipsPlugin.plugin], home: FileManager.default.temporaryDirectory)
        XCTAssertEqual(app.run("--fake", "tips", "add", "Rest the dough").output, "added\n")
        XCTAssertEqual(app.run("--fake", "tips", "list").output, "Tip of the day\n", "a fake database starts empty each run")

        let help = app.run("--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(
            help.output.hasPrefix("usage: tipsy [COMMAND]\n\nan app of plugins\nIt has tips.\n\ncommands:\n  tips  "), help.output)
        XCTAssertNotNil(help.output.range(of: #"\n  tips +the tips\n  config +"#, options: .regularExpression), help.output)
        XCTAssertTrue(app.run("tips", "add", "--help").output.hasPrefix("usage: tipsy tips add TEXT [options]\n"))
        XCTAssertEqual(app.run("--version").output, "tipsy 1.2.3\n")

        let missing = app.run("--fake", "tips", "add")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.errors, "tipsy: error: missing argument TEXT\ntry 'tipsy tips add --help' for usage\n")
        let group = app.run("--fake", "tips")
        XCTAssertEqual(group.status, 0, "a group run without a subcommand prints its help")
        XCTAssertEqual(group.output, app.run("tips", "--help").output)
        XCTAssertTrue(group.output.hasPrefix("usage: tipsy tips COMMAND"), group.output)
        XCTAssertEqual(group.errors, "")
        let failure = app.run("--fake", "tips", "add", "")
        XCTAssertEqual(failure.status, 1)
        XCTAssertEqual(failure.errors, "tipsy: error: a tip cannot be empty\n")
    }

    func testEveryPluginsDefaultsAreMergedIntoRemoteConfig() throws {
        let app = InProcessApp([TipsPlugin.plugin, Self.notes], home: try makeHome(for: self))
        let show = app.run("config", "show")
        XCTAssertEqual(show.status, 0, show.errors)
        XCTAssertEqual(
            show.output,
            """
            KEY            SOURCE   VALUE
            notes_limit    default  10
            tips_greeting  default  Tip of the day
            last fetch: noFetchYet

            """)
    }

    func testTheSummaryHasEveryPluginsSectionInTheOrderOfTheList() {
        let app = InProcessApp([Self.notes, TipsPlugin.plugin], home: FileManager.default.temporaryDirectory)
        XCTAssertEqual(app.run("--fake").output, "Notes\nno notes\n\nTips\n0 tips\n")
    }

    func testPluginsThatClashAreAClearError() {
        func clash(_ plugins: [FeaturePlugin]) -> String {
            let run = InProcessApp(plugins, home: FileManager.default.temporaryDirectory).run("--help")
            XCTAssertEqual(run.status, 1)
            return run.errors
        }
        XCTAssertEqual(
            clash([TipsPlugin.plugin, TipsPlugin.plugin]), "tipsy: error: the plugins do not fit together: two plugins are named 'tips'\n")
        var sameMigration = Self.notes
        sameMigration.name = "other"
        sameMigration.remoteConfigDefaults = [:]
        sameMigration.migrations = [Migration("tips.createTips", sql: "SELECT 1")]
        XCTAssertEqual(
            clash([TipsPlugin.plugin, sameMigration]),
            "tipsy: error: the plugins do not fit together: the migration 'tips.createTips' belongs to both 'tips' and 'other'\n")
        var sameKey = FeaturePlugin(name: "other", remoteConfigDefaults: ["tips_greeting": .string("hi")])
        XCTAssertEqual(
            clash([TipsPlugin.plugin, sameKey]),
            "tipsy: error: the plugins do not fit together: the remote-config key 'tips_greeting' belongs to both 'tips' and 'other'\n")
        sameKey.remoteConfigDefaults = [:]
        sameKey.commands = [TipsCommand.self]
        XCTAssertEqual(
            clash([TipsPlugin.plugin, sameKey]),
            "tipsy: error: the plugins do not fit together: the command 'tips' belongs to both 'tips' and 'other'\n")
        XCTAssertEqual(
            clash([FeaturePlugin(name: "config-owner", commands: [ConfigCommand.self])]),
            "tipsy: error: the plugins do not fit together: the command 'config' belongs to both 'the app' and 'config-owner'\n")
        let session = FeatureSession { _, _, _ in NSObject() }
        XCTAssertEqual(
            clash([FeaturePlugin(name: "one", session: session), FeaturePlugin(name: "two", session: session)]),
            "tipsy: error: the plugins do not fit together: both 'one' and 'two' provide the session\n")
        let table = RemoteConfigTable(key: "tips_greeting", decode: { $0.stringValue }, read: { _ in "" }, replace: { _, _ in })
        XCTAssertEqual(
            clash([TipsPlugin.plugin, FeaturePlugin(name: "other", configTables: [table])]),
            "tipsy: error: the plugins do not fit together: 'other' keeps a table in step with the remote-config key 'tips_greeting', which has no default of its own\n"
        )
        XCTAssertEqual(
            clash([FeaturePlugin(name: "twice", remoteConfigDefaults: ["tips_greeting": .string("hi")], configTables: [table, table])]),
            "tipsy: error: the plugins do not fit together: 'twice' keeps two tables in step with the remote-config key 'tips_greeting'\n")
    }

    @MainActor
    func testAPluginsScreenIsATabOfTheFullScreen() {
        let host = try! PluginHost([TipsPlugin.plugin, Self.notes])
        let terminal = HeadlessTerminal(width: 40, height: 6)
        let screen = Screen(terminal: terminal)
        XCTAssertNil(FullScreenShell.start(host, services: Self.fakeServices(host), on: screen))
        screen.render()
        XCTAssertTrue(terminal.snapshot().hasPrefix(" [Tips] "), terminal.snapshot())
        XCTAssertTrue(terminal.snapshot().contains("0 tips stored"), terminal.snapshot())
    }

    @MainActor
    func testASessionShowsFirstThenOpensOnTheTabsWithItsOwnScreensLast() {
        final class Gate: ViewController {}
        var open: (@MainActor ([ViewController]) -> ViewController)?
        let session = FeatureSession { _, screen, opener in
            screen.rootViewController = Gate()
            open = opener
            return NSObject()
        }
        let host = try! PluginHost([TipsPlugin.plugin, FeaturePlugin(name: "gate", session: session)])
        let terminal = HeadlessTerminal(width: 40, height: 6)
        let screen = Screen(terminal: terminal)
        let coordinator = FullScreenShell.start(host, services: Self.fakeServices(host), on: screen)
        XCTAssertNotNil(coordinator)
        XCTAssertTrue(screen.rootViewController is Gate, "the session shows first")
        let account = ViewController()
        account.title = "Account"
        screen.rootViewController = open?([account])
        screen.render()
        XCTAssertTrue(terminal.snapshot().hasPrefix(" [Tips]  Account"), terminal.snapshot())
    }

    private static func fakeServices(_ host: PluginHost) -> FeatureServices {
        let settings = try! Settings(parsedGlobalOptions(["--fake"]), app: InProcessApp.description, environment: [:])
        return Composition.services(
            settings, host: host, app: InProcessApp.description,
            console: Console(toolName: "tipsy", writeOutput: { _ in }, writeError: { _ in }))
    }

    private static func parsedGlobalOptions(_ arguments: [String]) -> GlobalOptions {
        (try! CommandParser.parse(arguments, root: RootCommand.self).root as! RootCommand).global
    }
}

import BistroApp
import FeatureContract
import FeatureContractTesting
import Foundation
import Menu
import Persistence
import PersistenceInterface
import Reactive
import RemoteConfigInterface
import RemoteConfigTesting
import TerminalUI
import XCTest

@testable import Specials

/// The specials feature as its author tests it: the table kept in step with the key, the screen
/// that follows the table, and the commands run in process beside one of Bistro's features.
final class SpecialsTests: XCTestCase {
    private static let app = AppDescription(name: "specials-app", version: "test", abstract: "specials in process")
    private static let plugins = [MenuFeature.plugin, SpecialsFeature.plugin]

    private var directory = ""
    private let capturing = CapturingConsole(toolName: "specials-app")

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    /// Runs one command line in process over the test's own database and state directory.
    private func run(_ arguments: String...) -> Int32 {
        capturing.reset()
        return BistroApp.run(
            Self.app, plugins: Self.plugins,
            arguments: ["--database", directory + "/app.sqlite", "--state-dir", directory + "/state"] + arguments,
            environment: [:], console: capturing.console)
    }

    private static func makeDatabase() throws -> SQLiteDatabase {
        try SQLiteDatabase.inMemory(migrations: BistroApp.migrations(of: Self.plugins))
    }

    // MARK: The table

    func testASyncStoresThePublishedSpecialsAndARefusedValueChangesNothing() async throws {
        let database = try Self.makeDatabase()
        let remoteConfig = FakeRemoteConfig(serverValues: [Special.key: #"[{"name": "김밥", "price": 3500}]"#])
        remoteConfig.configSettings = RemoteConfigSettings(minimumFetchInterval: 0)
        let tables = RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: [Special.table])
        try await tables.sync(Special.key).value
        XCTAssertEqual(try database.read { try Special.all(in: $0) }, [Special(name: "김밥", price: 3500)])

        remoteConfig.serverValues = [Special.key: #"[{"name": "라면", "price": 0}]"#]
        do {
            try await tables.sync(Special.key).value
            XCTFail("a special at price 0 was stored")
        } catch {
            XCTAssertEqual(error.localizedDescription, "the specials are not a list of names with prices above 0")
        }
        XCTAssertEqual(try database.read { try Special.all(in: $0) }, [Special(name: "김밥", price: 3500)])
    }

    // MARK: The screen

    @MainActor
    func testTheScreenShowsWhatTheTableHoldsAndFollowsItsChanges() throws {
        let database = try Self.makeDatabase()
        let remoteConfig = FakeRemoteConfig()
        remoteConfig.setDefaults(SpecialsFeature.plugin.remoteConfigDefaults)
        let tables = RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: [Special.table])
        let terminal = HeadlessTerminal(width: 40, height: 8)
        Screen(terminal: terminal).rootViewController = SpecialsViewController(
            tableScreen: Special.tableScreen(database: database, tables: tables))
        // The screen keeps the table in step: the specials compiled in are stored, then shown.
        Self.waitUntil(terminal.snapshot().contains("비빔밥"))

        // Another writer (another process, say): the screen follows the table.
        try database.write { db in
            try db.execute(sql: "INSERT INTO specials (position, name, price) VALUES (1, '떡볶이', 4000)")
        }
        Self.waitUntil(terminal.snapshot().contains("떡볶이"))
        XCTAssertTrue(terminal.snapshot().contains("4000"), terminal.snapshot())
    }

    @MainActor
    func testARefusedValueIsTheScreensAlertAndTheLastGoodSpecialsStand() throws {
        let database = try Self.makeDatabase()
        try database.write { try $0.execute(sql: "INSERT INTO specials (position, name, price) VALUES (0, '김밥', 3500)") }
        let remoteConfig = FakeRemoteConfig(serverValues: [Special.key: #"[{"name": "라면", "price": 0}]"#])
        remoteConfig.configSettings = RemoteConfigSettings(minimumFetchInterval: 0)
        let tables = RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: [Special.table])
        let terminal = HeadlessTerminal(width: 60, height: 10)
        let controller = SpecialsViewController(tableScreen: Special.tableScreen(database: database, tables: tables))
        Screen(terminal: terminal).rootViewController = controller
        Self.waitUntil(controller.presentedAlert != nil)
        XCTAssertEqual(controller.presentedAlert?.message, "the specials are not a list of names with prices above 0")
        terminal.press(.enter)
        Self.waitUntil(controller.presentedAlert == nil)
        XCTAssertTrue(terminal.snapshot().contains("김밥"), terminal.snapshot())
        XCTAssertEqual(try database.read { try Special.all(in: $0) }, [Special(name: "김밥", price: 3500)])
    }

    /// Lets the main queue run until `condition` holds; fails after 10 seconds.
    @MainActor
    private static func waitUntil(_ condition: @autoclosure @escaping () -> Bool, line: UInt = #line) {
        let holds = XCTNSPredicateExpectation(predicate: NSPredicate { _, _ in MainActor.assumeIsolated { condition() } }, object: nil)
        XCTAssertEqual(XCTWaiter().wait(for: [holds], timeout: 10), .completed, line: line)
    }

    // MARK: The commands

    func testTheCommandsRunInProcessAndSeeWhatTheRunBeforeStored() {
        XCTAssertEqual(run("specials"), 0, capturing.errors)
        XCTAssertEqual(capturing.output, "비빔밥 9000\n")
        XCTAssertEqual(run("specials", "--json"), 0, capturing.errors)
        XCTAssertEqual(capturing.output, #"[{"name":"비빔밥","price":9000}]"# + "\n")

        // Two runs, one database: what the first stored, the second reads.
        XCTAssertEqual(run("menu", "set", "김밥", "2"), 0, capturing.errors)
        XCTAssertEqual(run("menu", "list", "--json"), 0, capturing.errors)
        XCTAssertTrue(capturing.output.contains(#""itemsCount":2"#), capturing.output)
    }

    func testAnUnexpectedArgumentIsAUsageError() {
        XCTAssertEqual(run("specials", "today"), 2)
        XCTAssertEqual(capturing.errors, "specials-app: error: unexpected argument 'today'\ntry 'specials-app specials --help' for usage\n")
    }
}

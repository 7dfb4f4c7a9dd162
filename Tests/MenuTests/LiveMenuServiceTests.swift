import Foundation
import Menu
import MenuInterface
import Persistence
import PersistenceInterface
import Reactive
import RemoteConfigInterface
import RemoteConfigTesting
import XCTest

/// The live catalog service on an in-memory database and the remote-config fake: the catalog goes
/// from remote config into the database and reaches the caller only from there.
final class LiveMenuServiceTests: XCTestCase {
    private func makeDatabase() throws -> SQLiteDatabase {
        try SQLiteDatabase.inMemory(migrations: MenuFeature.migrations)
    }

    /// A fake that fetches from its server on every call (no minimum interval).
    private func makeRemoteConfig(menu: String? = RemoteConfigSample.menu) -> FakeRemoteConfig {
        var values = RemoteConfigSample.entries
        values["menu"] = menu
        let remoteConfig = FakeRemoteConfig(serverValues: values)
        remoteConfig.configSettings.minimumFetchInterval = 0
        return remoteConfig
    }

    // MARK: Storing and observing

    func testTheRemoteCatalogIsStoredThenDeliveredFromTheDatabase() throws {
        let database = try makeDatabase()
        let service = LiveMenuEvents(remoteConfig: makeRemoteConfig(), database: database)
        let catalogs = Collector(service.events())

        // What the empty table holds first, then what it holds after the refresh wrote it.
        let events = catalogs.wait { $0.count == 2 }
        XCTAssertEqual(events.map(\.element), [[], sampleMenus])
        XCTAssertEqual(
            try storedRows(database),
            [
                ["1", "떡볶이", "4000", "0"], ["2", "김밥", "3500", "1"], ["3", "라면", "4500", "2"], ["4", "튀김", "1000", "3"],
            ])
    }

    // MARK: Templates published later (real-time updates)

    func testATemplatePublishedLaterIsStoredAndABadOneIsAnErrorThatKeepsTheCatalog() throws {
        let database = try makeDatabase()
        let remoteConfig = makeRemoteConfig()
        let service = LiveMenuEvents(remoteConfig: remoteConfig, database: database)
        let catalogs = Collector(service.events())
        catalogs.wait { $0.last?.element == sampleMenus }

        var values = RemoteConfigSample.entries
        values["menu"] = #"[{"id": 9, "name": "비빔밥", "price": 8000}]"#
        remoteConfig.publish(values)
        catalogs.wait { $0.last?.element == [MenuItem(id: 9, name: "비빔밥", price: 8000)] }

        values["menu"] = "not JSON"
        remoteConfig.publish(values)
        let events = catalogs.wait { $0.last?.error != nil }
        XCTAssertEqual(events.last?.error as? MenuError, .invalidCatalog(.malformed(reason: "not JSON")))
        XCTAssertEqual(try storedRows(database), [["9", "비빔밥", "8000", "0"]], "the stored catalog stays")
    }

    func testRealTimeUpdatesEndingIsOneErrorAndTheStoredCatalogStillReachesTheStream() throws {
        let database = try makeDatabase()
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        let service = LiveMenuEvents(remoteConfig: remoteConfig, database: database)
        let catalogs = Collector(service.events())
        catalogs.wait { $0.count == 1 }

        remoteConfig.failRealtimeUpdates(.realtimeDisabled)
        let events = catalogs.wait { $0.count == 2 }
        XCTAssertEqual(
            events.last?.error as? MenuError,
            .catalogUnavailable(
                reason: "The remote config server turned real-time updates off for this app."))
        try database.write { try $0.execute(sql: "INSERT INTO menuItems (id, name, price, position) VALUES (1, '떡볶이', 4000, 0)") }
        XCTAssertEqual(catalogs.wait { $0.count == 3 }.last?.element, [MenuItem(id: 1, name: "떡볶이", price: 4000)])
    }

    func testAnotherWriterChangingTheTableReachesTheStream() throws {
        let database = try makeDatabase()
        let service = LiveMenuEvents(remoteConfig: makeRemoteConfig(), database: database)
        let catalogs = Collector(service.events())
        catalogs.wait { $0.last?.element == sampleMenus }

        try database.write { try $0.execute(sql: "UPDATE menuItems SET price = 4200 WHERE id = 1") }
        let events = catalogs.wait { $0.count == 3 }
        XCTAssertEqual(events.last?.element?.first, MenuItem(id: 1, name: "떡볶이", price: 4200))
    }

    func testTheSameCatalogAgainWritesNothingAndAChangedOneIsWrittenOnce() throws {
        let database = try makeDatabase()
        let remoteConfig = makeRemoteConfig()
        let service = LiveMenuEvents(remoteConfig: remoteConfig, database: database)
        Collector(service.events()).wait { $0.last?.element == sampleMenus }
        // Observers may hear of a commit before its did-save is sent; this write queues after both.
        try database.write { _ in }

        let saves = Collector(database.didSave)
        let again = Collector(service.events())
        try database.write { _ in }  // the fake answers at once; this write queues behind the refresh's
        XCTAssertEqual(again.wait { !$0.isEmpty }.map(\.element), [sampleMenus])
        XCTAssertEqual(saves.elements, [])

        remoteConfig.serverValues["menu"] = #"[{"id": 2, "name": "김밥", "price": 3000}]"#
        let changed = Collector(service.events())
        XCTAssertEqual(changed.wait { $0.last?.element == [MenuItem(id: 2, name: "김밥", price: 3000)] }.last?.element?.count, 1)
        try database.write { _ in }
        XCTAssertEqual(saves.elements.count, 1)
        XCTAssertEqual(saves.elements.first?.contains(table: "menuItems"), true)
    }

    // MARK: Rejected catalogs

    func testABadCatalogIsRejectedAsAWholeAndTheStoredOneStays() throws {
        let cases: [(String?, MenuCatalogError)] = [
            (#"[{"id": 1, "name": "떡볶이", "price": 4000}, {"name": "김밥", "price": 3500}]"#, .missingID(index: 1)),
            (#"[{"id": null, "name": "떡볶이", "price": 4000}]"#, .missingID(index: 0)),
            (#"[{"id": 1, "name": "떡볶이", "price": 4000}, {"id": 1, "name": "김밥", "price": 3500}]"#, .duplicateID(1)),
            (#"[{"id": 1, "name": "떡볶이", "price": 0}]"#, .nonPositivePrice(id: 1)),
            (#"[{"id": 1, "name": "떡볶이", "price": 4000}, {"id": 2, "name": "김밥", "price": -3500}]"#, .nonPositivePrice(id: 2)),
            (#"[{"id": 1, "name": "떡볶이"}]"#, .malformed(reason: "no price at [0]")),
            (#"[{"id": 1, "name": "떡볶이", "price": "4000"}]"#, .malformed(reason: "a value of the wrong type at [0].price")),
            (#"[{"id": 1, "name": "떡볶이", "price": 4000.5}]"#, .malformed(reason: "an unusable value")),
            (#"[{"id": 1, "name": "떡볶이", "price": 1e30}]"#, .malformed(reason: "an unusable value")),
            (#"{"id": 1}"#, .malformed(reason: "a value of the wrong type")),
            ("떡볶이", .malformed(reason: "not JSON")),
            (nil, .missing),
        ]
        for (value, expected) in cases {
            let database = try makeDatabase()
            let remoteConfig = makeRemoteConfig()
            let service = LiveMenuEvents(remoteConfig: remoteConfig, database: database)
            Collector(service.events()).wait { $0.last?.element == sampleMenus }
            try database.write { _ in }  // the first commit's did-save has been sent
            let before = try storedRows(database)
            let saves = Collector(database.didSave)

            remoteConfig.serverValues["menu"] = value
            let events = Collector(service.events()).wait { events in events.contains { $0.error != nil } }
            try database.write { _ in }  // anything the refresh queued has run

            XCTAssertEqual(events.compactMap { $0.error as? MenuError }, [.invalidCatalog(expected)], "\(value ?? "nil")")
            XCTAssertEqual(try storedRows(database), before, "\(value ?? "nil")")
            // What is saved is the refusal, recorded beside the tables; the menu's tables are untouched.
            XCTAssertEqual(
                saves.elements.filter { $0.contains(table: "menuItems") || $0.contains(table: "menuSelection") }, [], "\(value ?? "nil")")
        }
    }

    func testARefusedCatalogIsOneErrorHoweverManyScreensAndRunsMeetIt() throws {
        let database = try makeDatabase()
        let remoteConfig = makeRemoteConfig()
        Collector(LiveMenuEvents(remoteConfig: remoteConfig, database: database).events()).wait { $0.last?.element == sampleMenus }
        remoteConfig.serverValues["menu"] = #"[{"id": 1, "name": "떡볶이", "price": 0}]"#

        let first = Collector(LiveMenuEvents(remoteConfig: remoteConfig, database: database).events())
        XCTAssertEqual(
            first.wait { $0.contains { $0.error != nil } }.compactMap { $0.error as? MenuError },
            [.invalidCatalog(.nonPositivePrice(id: 1))])

        // The next screen, of this run or the next one (a service over new tables), meets the same
        // value: the stored catalog, and no error.
        let second = Collector(LiveMenuEvents(remoteConfig: remoteConfig, database: database).events())
        // Another writer's change, delivered after whatever the second screen's sync (queued first) reports.
        try database.write { try $0.execute(sql: "UPDATE menuItems SET price = 4200 WHERE id = 1") }
        let events = second.wait { $0.last?.element?.first?.price == 4200 }
        XCTAssertEqual(events.compactMap(\.error).count, 0, "\(events)")
        XCTAssertEqual(events.first?.element, sampleMenus)
        XCTAssertEqual(first.elements.compactMap(\.error).count, 1)
    }

    func testARemoteConfigFailureIsATypedErrorAndTheStoredCatalogStays() throws {
        let database = try makeDatabase()
        let remoteConfig = makeRemoteConfig()
        let service = LiveMenuEvents(remoteConfig: remoteConfig, database: database)
        Collector(service.events()).wait { $0.last?.element == sampleMenus }

        remoteConfig.fetchError = RemoteConfigError.timedOut
        let events = Collector(service.events()).wait { $0.count == 2 }
        XCTAssertEqual(events.compactMap(\.element), [sampleMenus])
        XCTAssertEqual(events.compactMap { $0.error as? MenuError }, [.catalogUnavailable(reason: "The remote config fetch timed out.")])
    }

    func testAnEmptyDatabaseWithTheCatalogAlreadyActiveIsFilledFromIt() throws {
        // The config was fetched and activated on an earlier launch, but the database is new: within
        // the minimum interval nothing is fetched (`successUsingPreFetchedData`), and the active
        // catalog is stored all the same.
        let remoteConfig = FakeRemoteConfig(serverValues: RemoteConfigSample.entries, activeValues: RemoteConfigSample.entries)
        remoteConfig.fetch(withExpirationDuration: 0, completionHandler: nil)
        let service = LiveMenuEvents(remoteConfig: remoteConfig, database: try makeDatabase())
        let events = Collector(service.events()).wait { $0.last?.element == sampleMenus }
        XCTAssertEqual(events.compactMap(\.error).count, 0)
        XCTAssertEqual(remoteConfig.fetchCount, 1)
    }

    // MARK: Schema

    func testTheMigrationsCreateThePrefixedTables() throws {
        let names = ["menu.createMenuItems", "menu.createOrders", "menu.createSelection", "menu.selectionKeepsNameAndPrice"]
        XCTAssertEqual(MenuFeature.migrations.map(\.name), names)
        let database = try makeDatabase()
        XCTAssertEqual(try database.appliedMigrations(), names)
        let tables = try database.read {
            try $0.fetchRows(sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'menu%' ORDER BY name")
        }
        XCTAssertEqual(tables.map { text($0[0]) }, ["menuItems", "menuOrderLines", "menuOrders", "menuSelection", "menuSelectionChanges"])
    }
}

/// The stored catalog as text, in order: id, name, price, position.
func storedRows(_ database: any Database) throws -> [[String]] {
    try database.read {
        try $0.fetchRows(sql: "SELECT id, name, price, position FROM menuItems ORDER BY position")
    }
    .map { row in row.values.map(text) }
}

/// A database value as plain text.
func text(_ value: DatabaseValue) -> String {
    switch value {
    case .null: "NULL"
    case .integer(let integer): "\(integer)"
    case .real(let real): "\(real)"
    case .text(let text): text
    case .blob(let data): "\(data)"
    }
}

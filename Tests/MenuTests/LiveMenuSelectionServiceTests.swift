import Foundation
import MenuInterface
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigTesting
import XCTest

@testable import Menu

/// The live selection service on an in-memory database holding the sample catalog: counts above 0
/// only, items of the catalog only, one transaction per change, in the order asked.
final class LiveMenuSelectionServiceTests: XCTestCase {
    /// A database holding the sample catalog, stored by the live catalog service.
    private func makeDatabase() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory(migrations: MenuFeature.migrations)
        let service = LiveMenuEvents(remoteConfig: FakeRemoteConfig.sample(), database: database)
        Collector(service.events()).wait { $0.last?.element == sampleMenus }
        try database.write { _ in }  // the writer is done with that commit, did-save included
        return database
    }

    /// The stored rows: menu id and count, by id.
    private func selectionRows(_ database: any Database) throws -> [[String]] {
        try database.read { try $0.fetchRows(sql: "SELECT menuID, count FROM menuSelection ORDER BY menuID") }
            .map { $0.values.map(text) }
    }

    private func failure<T>(of single: Single<T>, file: StaticString = #filePath, line: UInt = #line) -> MenuError? {
        do {
            _ = try single.toBlocking(timeout: 10).single()
            XCTFail("succeeded", file: file, line: line)
            return nil
        } catch {
            return error as? MenuError
        }
    }

    // MARK: Reading

    func testANewDatabaseHasNothingSelected() throws {
        let service = LiveMenuSelectionService(database: try makeDatabase())
        XCTAssertEqual(try service.selection().toBlocking(timeout: 10).single(), .empty)
        XCTAssertEqual(try service.selectedMenus().toBlocking(timeout: 10).single(), sampleMenus)
    }

    func testTheStoredMenusAreTheCatalogInItsOrderWithTheStoredCounts() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        _ = try service.replaceSelection(with: selection([4: 3, 2: 1])).toBlocking(timeout: 10).single()
        XCTAssertEqual(try service.selectedMenus().toBlocking(timeout: 10).single(), selecting([2: 1, 4: 3]))
        XCTAssertEqual(try service.selection().toBlocking(timeout: 10).single(), selection([2: 1, 4: 3]))
    }

    // MARK: Changing

    func testSetCountStoresCountsAboveZeroOnly() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)

        XCTAssertEqual(try service.setCount(2, of: 2).toBlocking(timeout: 10).single(), selection([2: 2]))
        XCTAssertEqual(try service.setCount(1, of: 1).toBlocking(timeout: 10).single(), selection([1: 1, 2: 2]))
        XCTAssertEqual(try selectionRows(database), [["1", "1"], ["2", "2"]])

        // A count of 0 is no row, not a row holding 0.
        XCTAssertEqual(try service.setCount(0, of: 2).toBlocking(timeout: 10).single(), selection([1: 1]))
        XCTAssertEqual(try selectionRows(database), [["1", "1"]])
        XCTAssertEqual(try service.selectedMenus().toBlocking(timeout: 10).single(), selecting([1: 1]))
        // And the table itself refuses one.
        XCTAssertThrowsError(try database.write { try $0.execute(sql: "INSERT INTO menuSelection (menuID, count) VALUES (3, 0)") })
    }

    func testAnUnknownItemANegativeCountAndATotalThatWouldNotFitAreRefusedAndNothingIsStored() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        _ = try service.setCount(1, of: 1).toBlocking(timeout: 10).single()
        let saves = Collector(database.didSave)

        XCTAssertEqual(failure(of: service.setCount(1, of: 99)), .unknownItem(menuID: 99))
        XCTAssertEqual(failure(of: service.replaceSelection(with: selection([1: 1, 7: 2, 9: 1]))), .unknownItem(menuID: 7))
        XCTAssertEqual(failure(of: service.setCount(-1, of: 1)), .invalidCount(menuID: 1))
        XCTAssertEqual(failure(of: service.setCount(Int.max, of: 2)), .totalOverflow)

        try database.write { _ in }
        XCTAssertEqual(saves.elements, [])
        XCTAssertEqual(try selectionRows(database), [["1", "1"]])
    }

    func testASmallerSelectionIsStoredEvenWhenItsTotalNoLongerFits() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        let many = Int.max / 2000
        // A selection stored before the total was checked (an imported one): taking items away must still be possible.
        try database.write {
            try MenuMigrations.importSelection(selection([1: many, 4: 1]), in: $0)
        }
        XCTAssertEqual(failure(of: service.setCount(2, of: 4)), .totalOverflow)
        XCTAssertEqual(try service.setCount(many - 1, of: 1).toBlocking(timeout: 10).single(), selection([1: many - 1, 4: 1]))
        XCTAssertEqual(
            try service.takeOff(try Order(menus: selecting([4: 1])).lines).toBlocking(timeout: 10).single(), selection([1: many - 1]))
    }

    func testReplacingWritesOneTransactionAndTheSameSelectionAgainCommitsNothing() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        let saves = Collector(database.didSave)

        _ = try service.replaceSelection(with: selection([1: 2, 2: 1])).toBlocking(timeout: 10).single()
        _ = try service.replaceSelection(with: selection([1: 3, 3: 1])).toBlocking(timeout: 10).single()
        _ = try service.replaceSelection(with: selection([1: 3, 3: 1])).toBlocking(timeout: 10).single()
        _ = try service.clearSelection().toBlocking(timeout: 10).single()
        _ = try service.clearSelection().toBlocking(timeout: 10).single()
        try database.write { _ in }

        XCTAssertEqual(saves.elements.map(\.changedTables), [["menuSelection"], ["menuSelection"], ["menuSelection"]])
        XCTAssertEqual(try selectionRows(database), [])
    }

    func testTakingAnOrderOffLeavesWhatWasAddedSinceAndIgnoresItemsNotSelected() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        _ = try service.replaceSelection(with: selection([1: 3, 2: 1, 4: 2])).toBlocking(timeout: 10).single()

        let ordered = try Order(menus: selecting([1: 2, 2: 1, 3: 4])).lines
        XCTAssertEqual(try service.takeOff(ordered).toBlocking(timeout: 10).single(), selection([1: 1, 4: 2]))
        XCTAssertEqual(try selectionRows(database), [["1", "1"], ["4", "2"]])
        XCTAssertEqual(try service.clearSelection().toBlocking(timeout: 10).single(), .empty)
        XCTAssertEqual(try service.takeOff(ordered).toBlocking(timeout: 10).single(), .empty)
        XCTAssertEqual(try selectionRows(database), [])
    }

    func testChangesAskedForWithoutWaitingAreStoredInTheOrderAsked() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        let answers = Recording<MenuSelection>()
        var subscriptions: [Disposable] = []
        for count in 1...20 {
            subscriptions.append(service.setCount(count, of: 2).subscribe { if case .success(let stored) = $0 { answers.append(stored) } })
        }
        // A read is queued behind the writes asked for before it.
        XCTAssertEqual(try service.selection().toBlocking(timeout: 10).single(), selection([2: 20]))
        XCTAssertEqual(answers.all, (1...20).map { selection([2: $0]) })
        subscriptions.forEach { $0.dispose() }
    }

    // MARK: The catalog

    func testACountStaysOnlyWhileTheCatalogHasItsItemAtTheNameAndPriceChosenAndEachChangeIsKeptToBeTold() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        _ = try service.replaceSelection(with: selection([1: 1, 2: 2, 3: 3])).toBlocking(timeout: 10).single()

        // Id 1 keeps its dish and price, id 2 comes back at another price, id 3 goes.
        let remoteConfig = FakeRemoteConfig.sample()
        remoteConfig.configSettings.minimumFetchInterval = 0
        remoteConfig.serverValues["menu"] = #"[{"id": 1, "name": "떡볶이", "price": 4000}, {"id": 2, "name": "김밥", "price": 3900}]"#
        let catalogs = Collector(LiveMenuEvents(remoteConfig: remoteConfig, database: database).events())
        catalogs.wait { $0.last?.element?.count == 2 }

        XCTAssertEqual(try service.selection().toBlocking(timeout: 10).single(), selection([1: 1]))
        XCTAssertEqual(try selectionRows(database), [["1", "1"]])
        XCTAssertEqual(
            try service.selectedMenus().toBlocking(timeout: 10).single(),
            [MenuItem(id: 1, name: "떡볶이", price: 4000, count: 1), MenuItem(id: 2, name: "김밥", price: 3900)])
        let changes = try database.read { try MenuSelectionChangeRecord.changes(in: $0) }
        XCTAssertEqual(
            changes.map(\.chosen), [MenuItem(id: 2, name: "김밥", price: 3500, count: 2), MenuItem(id: 3, name: "라면", price: 4500, count: 3)])
        XCTAssertEqual(changes.map(\.now), [MenuItem(id: 2, name: "김밥", price: 3900), nil])
        XCTAssertEqual(
            changes.map(\.description),
            [
                "김밥 (₩3,500) is now 김밥 (₩3,900): 2 taken off the selection.",
                "라면 (₩4,500) is no longer on the menu: 3 taken off the selection.",
            ])

        try database.write { try MenuSelectionChangeRecord.acknowledge([changes[0]], in: $0) }
        XCTAssertEqual(try database.read { try MenuSelectionChangeRecord.changes(in: $0) }, [changes[1]])
    }

    func testACountChangeForAnItemAsItWasShownBeforeARefreshIsRefused() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        try database.write { try $0.execute(sql: "UPDATE menuItems SET price = 3900 WHERE id = 2") }
        // The screen still showed 김밥 at ₩3,500: the tap is for that, not for what is stored now.
        XCTAssertEqual(failure(of: service.changeCount(of: sampleMenus[1], by: 1)), .staleOrder(menuID: 2))
        XCTAssertEqual(try selectionRows(database), [])
        let shownNow = MenuItem(id: 2, name: "김밥", price: 3900)
        XCTAssertEqual(try service.changeCount(of: shownNow, by: 1).toBlocking(timeout: 10).single(), selection([2: 1]))
    }

    func testRowsOfItemsNotOnTheCatalogAreNotReadAndGoWithTheNextChange() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        try database.write {
            try $0.execute(sql: "INSERT INTO menuSelection (menuID, count, name, price) VALUES (2, 1, '김밥', 3500), (99, 5, '?', 1)")
        }

        XCTAssertEqual(try service.selection().toBlocking(timeout: 10).single(), selection([2: 1]))
        XCTAssertEqual(try service.selectedMenus().toBlocking(timeout: 10).single(), selecting([2: 1]))
        _ = try service.setCount(2, of: 2).toBlocking(timeout: 10).single()
        XCTAssertEqual(try selectionRows(database), [["2", "2"]])
    }

    func testAnImportedSelectionKeepsTheItemsOfTheCatalog() throws {
        let database = try makeDatabase()
        try database.write { try MenuMigrations.importSelection(selection([2: 2, 4: 1, 99: 3]), in: $0) }
        XCTAssertEqual(try selectionRows(database), [["2", "2"], ["4", "1"]])
    }

    // MARK: Failures and schema

    func testAStorageFailureIsATypedError() throws {
        let database = try makeDatabase()
        let service = LiveMenuSelectionService(database: database)
        database.close()
        for answer in [service.setCount(1, of: 1), service.selection(), service.clearSelection()] {
            guard case .storage = failure(of: answer) else { return XCTFail("not a storage failure") }
        }
        guard case .storage = failure(of: service.selectedMenus()) else { return XCTFail("not a storage failure") }
    }

    func testADatabaseOfTheEarlierSchemaGetsTheSelectionTableAndKeepsItsData() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("menu-selection-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let earlier = try SQLiteDatabase(.file(path: path), migrations: Array(MenuFeature.migrations.prefix(2)))
        try earlier.write { try $0.execute(sql: "INSERT INTO menuItems (id, name, price, position) VALUES (2, '김밥', 3500, 0)") }
        earlier.close()

        let database = try SQLiteDatabase(.file(path: path), migrations: MenuFeature.migrations)
        defer { database.close() }
        XCTAssertEqual(
            try database.appliedMigrations(),
            ["menu.createMenuItems", "menu.createOrders", "menu.createSelection", "menu.selectionKeepsNameAndPrice"])
        let service = LiveMenuSelectionService(database: database)
        XCTAssertEqual(try service.setCount(3, of: 2).toBlocking(timeout: 10).single(), selection([2: 3]))
        XCTAssertEqual(try service.selectedMenus().toBlocking(timeout: 10).single(), [MenuItem(id: 2, name: "김밥", price: 3500, count: 3)])
    }
}

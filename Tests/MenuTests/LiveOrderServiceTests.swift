import Foundation
import MenuInterface
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigTesting
import XCTest

@testable import Menu

/// The live order service on an in-memory database: an order and its lines in one transaction,
/// checked against the stored catalog and taken off the stored selection.
final class LiveOrderServiceTests: XCTestCase {
    private let placedAt = Date(timeIntervalSinceReferenceDate: 700_000_000.25)

    /// A database holding the sample catalog, stored by the live catalog service.
    private func makeDatabase() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory(migrations: MenuFeature.migrations)
        let service = LiveMenuEvents(remoteConfig: FakeRemoteConfig.sample(), database: database)
        Collector(service.events()).wait { $0.last?.element == sampleMenus }
        try database.write { _ in }  // the writer is done with that commit, did-save included
        return database
    }

    /// Stores `counts` as the selection, as a screen or `bistro menu set` does.
    private func select(_ counts: [Int: Int], in database: any Database) throws {
        _ = try LiveMenuSelectionService(database: database).replaceSelection(with: MenuSelection(counts: counts)).toBlocking(timeout: 10)
            .single()
    }

    private func storedSelection(_ database: any Database) throws -> MenuSelection {
        try LiveMenuSelectionService(database: database).selection().toBlocking(timeout: 10).single()
    }

    private func makeService(_ database: any Database) -> LiveOrderService {
        let placedAt = placedAt
        return LiveOrderService(database: database, now: { placedAt })
    }

    private func orderRows(_ database: any Database) throws -> [[String]] {
        try database.read { try $0.fetchRows(sql: "SELECT id, placedAt, total FROM menuOrders ORDER BY id") }
            .map { $0.values.map(text) }
    }

    private func lineRows(_ database: any Database) throws -> [[String]] {
        try database.read {
            try $0.fetchRows(sql: "SELECT orderID, position, menuID, name, price, count FROM menuOrderLines ORDER BY orderID, position")
        }
        .map { $0.values.map(text) }
    }

    func testAnOrderIsStoredWithItsLinesInOneTransaction() throws {
        let database = try makeDatabase()
        try select([1: 2, 4: 3], in: database)
        let saves = Collector(database.didSave)
        let order = try Order(menus: selecting([1: 2, 4: 3]))

        let receipt = try makeService(database).placeOrder(order).toBlocking(timeout: 10).single()

        XCTAssertEqual(receipt, Receipt(orderID: 1, placedAt: placedAt, order: order))
        XCTAssertEqual(try orderRows(database), [["1", "\(placedAt.timeIntervalSinceReferenceDate)", "11000"]])
        XCTAssertEqual(try lineRows(database), [["1", "0", "1", "떡볶이", "4000", "2"], ["1", "1", "4", "튀김", "1000", "3"]])
        XCTAssertEqual(try storedSelection(database), .empty)
        // One commit for the order, its lines and the selection it empties: nobody ever sees an
        // order without its lines, or an order placed and its items still selected.
        XCTAssertEqual(
            saves.elements,
            [
                DatabaseChanges(tables: [
                    "menuOrders": DatabaseChanges.Counts(inserted: 1), "menuOrderLines": DatabaseChanges.Counts(inserted: 2),
                    "menuSelection": DatabaseChanges.Counts(deleted: 2),
                ])
            ])
    }

    func testOrderIDsIncreaseAndAreNeverReused() throws {
        let database = try makeDatabase()
        let service = makeService(database)
        let order = try Order(menus: selecting([2: 1]))
        try select([2: 3], in: database)
        XCTAssertEqual(try service.placeOrder(order).toBlocking(timeout: 10).single().orderID, 1)
        XCTAssertEqual(try service.placeOrder(order).toBlocking(timeout: 10).single().orderID, 2)
        try database.write { try $0.execute(sql: "DELETE FROM menuOrders WHERE id = 2") }
        XCTAssertEqual(try service.placeOrder(order).toBlocking(timeout: 10).single().orderID, 3)
        XCTAssertEqual(try storedSelection(database), .empty)
    }

    func testAnOrderAtAnOldPriceOrForAnItemNoLongerOnTheMenuIsRefusedAndNothingIsStored() throws {
        let database = try makeDatabase()
        let service = makeService(database)
        let order = try Order(menus: selecting([1: 1, 3: 2]))
        try select([1: 1, 3: 2], in: database)
        let saves = Collector(database.didSave)

        try database.write { try $0.execute(sql: "UPDATE menuItems SET price = 5000 WHERE id = 3") }
        XCTAssertThrowsError(try service.placeOrder(order).toBlocking(timeout: 10).single()) {
            XCTAssertEqual($0 as? MenuError, .staleOrder(menuID: 3))
        }
        try database.write { try $0.execute(sql: "DELETE FROM menuItems WHERE id = 1") }
        XCTAssertThrowsError(try service.placeOrder(order).toBlocking(timeout: 10).single()) {
            XCTAssertEqual($0 as? MenuError, .staleOrder(menuID: 1))
        }

        XCTAssertEqual(try orderRows(database), [])
        XCTAssertEqual(try lineRows(database), [])
        // The two catalog edits, and no commit from the refused orders.
        XCTAssertEqual(saves.elements.map(\.changedTables), [["menuItems"], ["menuItems"]])
    }

    func testAnOrderTheSelectionNoLongerHoldsIsRefusedAndWhatWasAddedMeanwhileStays() throws {
        let database = try makeDatabase()
        let service = makeService(database)
        let order = try Order(menus: selecting([2: 2]))
        try select([2: 1], in: database)
        XCTAssertThrowsError(try service.placeOrder(order).toBlocking(timeout: 10).single()) {
            XCTAssertEqual($0 as? MenuError, .selectionChanged)
        }
        XCTAssertEqual(try orderRows(database), [])
        try select([2: 3, 4: 1], in: database)
        _ = try service.placeOrder(order).toBlocking(timeout: 10).single()
        XCTAssertEqual(try storedSelection(database), try MenuSelection(counts: [2: 1, 4: 1]))
    }

    func testTenOrdersOfOneSelectionFromTwoConnectionsAtOncePlaceItOnce() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let first = try SQLiteDatabase(.file(path: path), migrations: MenuFeature.migrations)
        let second = try SQLiteDatabase(.file(path: path), migrations: MenuFeature.migrations)
        let catalog = LiveMenuEvents(remoteConfig: FakeRemoteConfig.sample(), database: first)
        Collector(catalog.events()).wait { $0.last?.element == sampleMenus }
        try select([3: 1], in: first)
        let order = try Order(menus: selecting([3: 1]))

        let outcomes = Collector(
            Observable.merge(
                (0..<10).map { index in
                    makeService(index.isMultiple(of: 2) ? first : second).placeOrder(order).asObservable()
                        .map { Result<Int64, MenuError>.success($0.orderID) }
                        .catch { .just(.failure($0 as? MenuError ?? .unknown)) }
                }))
        outcomes.wait { $0.count == 10 }
        let results = outcomes.elements
        XCTAssertEqual(results.filter { (try? $0.get()) != nil }.count, 1, "\(results)")
        XCTAssertEqual(results.filter { $0 == .failure(.selectionChanged) }.count, 9, "\(results)")
        XCTAssertEqual(try orderRows(first).count, 1)
        XCTAssertEqual(try storedSelection(second), .empty)
    }

    func testAStorageFailureIsATypedError() throws {
        let database = try makeDatabase()
        let order = try Order(menus: selecting([1: 1]))
        database.close()
        XCTAssertThrowsError(try makeService(database).placeOrder(order).toBlocking(timeout: 10).single()) {
            guard case .storage = $0 as? MenuError else { return XCTFail("\($0)") }
        }
    }
}

import Foundation
import MenuInterface
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigTesting
import XCTest

@testable import Menu

/// The order history read back through `LiveOrderService`: oldest first, each with its lines.
final class OrderHistoryTests: XCTestCase {
    private let placedAt = Date(timeIntervalSinceReferenceDate: 700_000_000.25)

    private func makeDatabase() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory(migrations: MenuFeature.migrations)
        let service = LiveMenuEvents(remoteConfig: FakeRemoteConfig.sample(), database: database)
        Collector(service.events()).wait { $0.last?.element == sampleMenus }
        // Orders are of the stored selection: enough of everything for every order below.
        _ = try LiveMenuSelectionService(database: database)
            .replaceSelection(with: MenuSelection(counts: [1: 10, 2: 10, 3: 10, 4: 10])).toBlocking(timeout: 10).single()
        return database
    }

    func testNoOrdersYetIsAnEmptyHistory() throws {
        let service = LiveOrderService(database: try makeDatabase())
        XCTAssertEqual(try service.placedOrders().toBlocking(timeout: 10).single(), [])
    }

    func testTheHistoryIsEveryOrderOldestFirstWithItsLinesInOrder() throws {
        let placedAt = placedAt
        let service = LiveOrderService(database: try makeDatabase(), now: { placedAt })
        let first = try Order(menus: selecting([1: 2, 4: 3]))
        let second = try Order(menus: selecting([3: 1]))
        let receipts = try [first, second].map { try service.placeOrder($0).toBlocking(timeout: 10).single() }

        let history = try service.placedOrders().toBlocking(timeout: 10).single()
        XCTAssertEqual(history, receipts)
        XCTAssertEqual(history.map(\.orderID), [1, 2])
        XCTAssertEqual(
            history.first?.lines,
            [
                OrderLine(menuID: 1, name: "떡볶이", price: 4000, count: 2), OrderLine(menuID: 4, name: "튀김", price: 1000, count: 3),
            ])
        XCTAssertEqual(history.map(\.total), [11_000, 4500])
        XCTAssertEqual(history.first?.placedAt, placedAt)
    }

    func testTheLinesKeepTheNameAndPriceAsOrderedAfterTheCatalogChanges() throws {
        let database = try makeDatabase()
        let service = LiveOrderService(database: database)
        _ = try service.placeOrder(try Order(menus: selecting([2: 1]))).toBlocking(timeout: 10).single()
        try database.write { try $0.execute(sql: "UPDATE menuItems SET name = '참치김밥', price = 4000 WHERE id = 2") }
        XCTAssertEqual(
            try service.placedOrders().toBlocking(timeout: 10).single().first?.lines,
            [OrderLine(menuID: 2, name: "김밥", price: 3500, count: 1)])
    }

    func testAStorageFailureIsATypedError() throws {
        let database = try makeDatabase()
        database.close()
        XCTAssertThrowsError(try LiveOrderService(database: database).placedOrders().toBlocking(timeout: 10).single()) {
            guard case .storage = $0 as? MenuError else { return XCTFail("\($0)") }
        }
    }
}

import MyFeature
import Persistence
import Reactive
import ReactiveTesting
import XCTest

final class MyFeatureTests: XCTestCase {
    func testTheTotalFollowsThePricesOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let prices = scheduler.createHotObservable([.next(210, [1_000, 3_500]), .next(220, [1_000, 3_500]), .next(230, [4_000])])
        let totals = scheduler.start { menuTotals(prices.asObservable()) }
        XCTAssertEqual(totals.events, [.next(210, 4_500), .next(230, 4_000)])
    }

    func testDishesAreStoredWithOneImport() throws {
        let database = try SQLiteDatabase.inMemory(migrations: Dish.migrations)
        try database.write { try $0.insert(Dish(id: 1, name: "김밥", price: 3_500)) }
        XCTAssertEqual(try database.read { try $0.fetchAll(Dish.all()) }, [Dish(id: 1, name: "김밥", price: 3_500)])
    }
}

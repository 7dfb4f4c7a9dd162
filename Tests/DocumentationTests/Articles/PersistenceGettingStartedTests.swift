// The code of Persistence's getting-started article (Modules/Persistence/Persistence.docc/GettingStarted.md), which
// quotes it, and the test of what the article says it does.
import Foundation
import Persistence
import PersistenceInterface
import Reactive
import XCTest

struct Dish: DatabaseRecord, Equatable {
    static let tableName = "dishes"
    var id: Int64
    var name: String
    var price: Int

    static let migrations = [
        Migration("dishes.create", sql: "CREATE TABLE dishes (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER NOT NULL)"),
        Migration("dishes.index-price", sql: "CREATE INDEX dishes_price ON dishes (price)"),
    ]
}

func openKitchen(at path: String?) throws -> any Database {
    guard let path else { return try SQLiteDatabase.inMemory(migrations: Dish.migrations) }
    return try SQLiteDatabase(.file(path: path), migrations: Dish.migrations)
}

func stock(_ database: any Database) throws {
    try database.write { db in
        try db.insert(Dish(id: 1, name: "김밥", price: 3500))
        try db.insert(Dish(id: 2, name: "비빔밥", price: 9000))
    }
}

func raisePrice(of id: Int64, by amount: Int, in database: any Database) throws {
    try database.write { db in
        guard var dish = try db.fetchOne(Dish.self, id: id) else { throw PersistenceError.recordNotFound(table: Dish.tableName) }
        dish.price += amount
        try db.update(dish)
    }
}

func cheapDishes(in database: any Database) throws -> [Dish] {
    try database.read { db in
        try db.fetchAll(Dish.filter(Column("price") < 5000).order(Column("name").asc))
    }
}

func followCheapDishes(in database: any Database, bag: DisposeBag, show: @escaping ([Dish]) -> Void) {
    database.observe(Dish.filter(Column("price") < 5000), removeDuplicates: true)
        .observe(on: MainScheduler.instance)
        .subscribe(onNext: show)
        .disposed(by: bag)
}

func followTheCount(in database: any Database) -> Observable<Int> {
    database.observe(removeDuplicates: { $0 == $1 }) { db in try db.fetchCount(Dish.all()) }
}

final class PersistenceGettingStartedTests: XCTestCase {
    func testWritesReadsAndARaiseOfAMissingDish() throws {
        let database = try openKitchen(at: nil)
        try stock(database)
        XCTAssertEqual(try cheapDishes(in: database).map(\.name), ["김밥"])
        try raisePrice(of: 1, by: 2000, in: database)
        XCTAssertEqual(try cheapDishes(in: database), [])
        XCTAssertThrowsError(try raisePrice(of: 9, by: 1, in: database)) {
            XCTAssertEqual($0 as? PersistenceError, .recordNotFound(table: "dishes"))
        }
    }

    func testAFileKeepsWhatWasWrittenAcrossOpenings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("kitchen.sqlite").path
        try stock(try openKitchen(at: path))
        XCTAssertEqual(try cheapDishes(in: try openKitchen(at: path)).map(\.name), ["김밥"])
    }

    func testTheScreenFollowsTheDatabase() throws {
        let database = try openKitchen(at: nil)
        let bag = DisposeBag()
        let shown = expectation(description: "the cheap dish written after subscribing is shown")
        followCheapDishes(in: database, bag: bag) { dishes in
            if dishes.map(\.name) == ["김밥"] { shown.fulfill() }
        }
        try stock(database)
        wait(for: [shown], timeout: 10)
    }

    func testTheCountIsFollowed() async throws {
        let database = try openKitchen(at: nil)
        try stock(database)
        var counts: [Int] = []
        for try await count in followTheCount(in: database).take(1).values { counts.append(count) }
        XCTAssertEqual(counts, [2])
    }
}

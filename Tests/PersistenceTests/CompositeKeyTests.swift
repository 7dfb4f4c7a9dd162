import Foundation
import Persistence
import PersistenceInterface
import XCTest

/// A line of an order: keyed by the order and its position in it.
private struct Line: DatabaseRecord, Equatable {
    static let tableName = "lines"
    static let primaryKeyColumns = ["orderID", "position"]

    var orderID: Int
    var position: Int
    var name: String
}

/// A record made only of its two key columns.
private struct Pair: DatabaseRecord, Equatable {
    static let tableName = "pairs"
    static let primaryKeyColumns = ["left", "right"]

    var left: Int
    var right: Int
}

/// Records whose primary key is several columns: writes match every key column, so a change to one
/// row never touches its neighbours that share part of the key.
final class CompositeKeyTests: XCTestCase {
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        database = try SQLiteDatabase.inMemory(migrations: [
            Migration(
                "createLines",
                sql: """
                    CREATE TABLE lines (orderID INTEGER NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL,
                                        PRIMARY KEY (orderID, position))
                    """),
            Migration(
                "createPairs",
                sql: "CREATE TABLE pairs (left INTEGER NOT NULL, right INTEGER NOT NULL, PRIMARY KEY (left, right)) WITHOUT ROWID"),
        ])
        try database.write { db in
            for order in 1...2 {
                for position in 0..<3 { try db.insert(Line(orderID: order, position: position, name: "\(order).\(position)")) }
            }
        }
    }

    override func tearDown() {
        database = nil
    }

    private func names() throws -> [String] {
        try database.read { try $0.fetchAll(Line.order(Column("orderID").asc, Column("position").asc)) }.map(\.name)
    }

    func testUpdateChangesOnlyTheRowWithTheWholeKey() throws {
        try database.write { try $0.update(Line(orderID: 1, position: 1, name: "changed")) }
        XCTAssertEqual(try names(), ["1.0", "changed", "1.2", "2.0", "2.1", "2.2"])
        XCTAssertThrowsError(try database.write { try $0.update(Line(orderID: 3, position: 1, name: "none")) }) { error in
            XCTAssertEqual(error as? PersistenceError, .recordNotFound(table: "lines"))
        }
    }

    func testUpsertInsertsOrUpdatesOnTheWholeKey() throws {
        try database.write { db in
            try db.upsert(Line(orderID: 2, position: 0, name: "updated"))
            try db.upsert(Line(orderID: 2, position: 3, name: "inserted"))
        }
        XCTAssertEqual(try names(), ["1.0", "1.1", "1.2", "updated", "2.1", "2.2", "inserted"])
    }

    func testDeleteOfARecordRemovesOnlyItsRow() throws {
        let deleted = try database.write { try $0.delete(Line(orderID: 1, position: 2, name: "ignored")) }
        XCTAssertTrue(deleted)
        XCTAssertEqual(try names(), ["1.0", "1.1", "2.0", "2.1", "2.2"])
        XCTAssertFalse(try database.write { try $0.delete(Line(orderID: 1, position: 2, name: "")) })
    }

    func testDeletingALimitedQuerySelectsRowsByTheWholeKey() throws {
        let deleted = try database.write { db in
            try db.deleteAll(Line.filter(Column("position") == 1).order(Column("orderID").desc).limit(1))
        }
        XCTAssertEqual(deleted, 1)
        XCTAssertEqual(try names(), ["1.0", "1.1", "1.2", "2.0", "2.2"])
    }

    func testLookupsByOneIDAreRefusedForACompositeKey() throws {
        XCTAssertThrowsError(try database.read { try $0.fetchOne(Line.self, id: 1) }) { error in
            guard case .invalidQuery(let reason)? = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("composite primary key (orderID, position)"), reason)
        }
        XCTAssertThrowsError(try database.write { try $0.delete(Line.self, id: 1) })
        XCTAssertEqual(try names().count, 6, "nothing was deleted")
    }

    func testARecordMadeOnlyOfItsKeyInAWithoutRowidTable() throws {
        try database.write { db in
            try db.insert(Pair(left: 1, right: 2))
            try db.upsert(Pair(left: 1, right: 2))
            try db.update(Pair(left: 1, right: 2))
        }
        XCTAssertThrowsError(try database.write { try $0.update(Pair(left: 2, right: 1)) }) { error in
            XCTAssertEqual(error as? PersistenceError, .recordNotFound(table: "pairs"))
        }
        XCTAssertTrue(try database.write { try $0.delete(Pair(left: 1, right: 2)) })
        XCTAssertEqual(try database.read { try $0.fetchCount(Pair.self) }, 0)
    }
}

import PersistenceInterface
import Reactive
import XCTest

@testable import Persistence

/// The writer connection keeps its prepared statements across the reads it runs between writes:
/// an observation fetches on it after every commit, and statements prepared again each
/// time cost more than the write itself.
final class StatementReuseTests: XCTestCase {
    func testObservedCommitsLeaveTheWriterConnectionsStatementsPrepared() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        let query = Item.order(Column("id").asc)
        let recorder = Recorder<[Item]>()
        let subscription = recorder.record(database.observe(query))
        defer { subscription.dispose() }
        for item in Item.samples(3) { try database.write { try $0.insert(item) } }
        XCTAssertEqual(recorder.waitForValues(4).last, Item.samples(3))
        let writer = database.writer
        let repreparations = try writer.sync {
            try ["BEGIN IMMEDIATE", "COMMIT", QuerySQL.select(query).sql].map { try writer.connection.cachedStatement($0).repreparations }
        }
        XCTAssertEqual(repreparations, [0, 0, 0], "statements were prepared again after the reads between commits")
    }

    func testAReadOnTheWriterConnectionStillRefusesToWrite() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        for sql in ["UPDATE items SET count = 1", "CREATE TEMP TABLE scratch (x)"] {
            XCTAssertThrowsError(try database.read { try $0.fetchRows(sql: sql, arguments: []) }, sql) { error in
                XCTAssertEqual(error as? PersistenceError, .writeInReadTransaction(sql: sql))
            }
        }
        // Several statements, the second of which writes, through the transaction's write side.
        let sql = "SELECT 1; DELETE FROM items"
        XCTAssertThrowsError(try database.read { db in try (db as? WriteTransaction)?.execute(sql: sql, arguments: []) }) { error in
            XCTAssertEqual(error as? PersistenceError, .writeInReadTransaction(sql: sql))
        }
        // The connection writes again once the read is over.
        try database.write { try $0.execute(sql: "UPDATE items SET count = 1", arguments: []) }
    }
}

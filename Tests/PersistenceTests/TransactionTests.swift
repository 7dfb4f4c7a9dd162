import Foundation
import Persistence
import PersistenceInterface
import Reactive
import XCTest

private struct Abort: Error, Equatable {}

/// Writes are all or nothing: a write that throws leaves the database exactly as it was.
final class TransactionTests: XCTestCase {
    /// Everything in the database: the schema and every row of every table, in rowid order.
    private func dump(_ database: SQLiteDatabase) throws -> [String] {
        try database.read { db in
            let schema = try db.fetchRows(sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
            var lines = schema.map { "\($0.values.map(Self.text))" }
            for table in schema where table["type"] == .text("table") {
                guard case .text(let name) = table["name"] else { continue }
                lines += try db.fetchRows(sql: "SELECT * FROM \"\(name)\" ORDER BY rowid").map { "\(name): \($0.values.map(Self.text))" }
            }
            return lines
        }
    }

    private static func text(_ value: DatabaseValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): "\(integer)"
        case .real(let real): "\(real)"
        case .text(let text): "'\(text)'"
        case .blob(let data): "x\(data.map { String($0, radix: 16) }.joined())"
        }
    }

    private func assertThrowingWriteLeavesNoTrace(_ database: SQLiteDatabase) throws {
        try database.write { db in
            for item in Item.samples(5) { try db.insert(item) }
            try db.insert(Note(id: nil, text: "kept"))
        }
        let before = try dump(database)
        XCTAssertThrowsError(
            try database.write { db in
                try db.insert(Item(id: 100, name: "new", price: 1, count: 1))
                try db.update(Item(id: 1, name: "changed", price: 0, count: 0))
                try db.upsert(Item(id: 2, name: "upserted", price: 0, count: 0))
                _ = try db.delete(Item.self, id: 3)
                _ = try db.deleteAll(Note.self)
                try db.execute(sql: "CREATE TABLE scratch (x)")
                try db.execute(sql: "ALTER TABLE items ADD COLUMN extra TEXT")
                try db.execute(sql: "CREATE INDEX itemsByName ON items (name)")
                try db.execute(sql: "DROP TABLE sellerContacts")
                throw Abort()
            }
        ) { error in
            XCTAssertEqual(error as? Abort, Abort())
        }
        XCTAssertEqual(try dump(database), before)
        XCTAssertEqual(before.filter { $0.contains("sellerContacts") }.count, 1, "the dump sees the table the write dropped")
        XCTAssertEqual(try database.read { try $0.fetchValue(sql: "PRAGMA integrity_check") }, .text("ok"))
        // And the database still works.
        try database.write { try $0.insert(Item(id: 100, name: "new", price: 1, count: 1)) }
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 6)
    }

    func testAThrowingWriteLeavesNoTraceInMemory() throws {
        try assertThrowingWriteLeavesNoTrace(try SQLiteDatabase.inMemory(migrations: TestSchema.all))
    }

    func testAThrowingWriteLeavesNoTraceInAFile() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("rollback.sqlite").path
        try assertThrowingWriteLeavesNoTrace(try SQLiteDatabase(.file(path: path), migrations: TestSchema.all))
    }

    func testAFailingStatementRollsBackTheWholeWrite() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        XCTAssertThrowsError(
            try database.write { db in
                try db.insert(Item(id: 1, name: "one", price: 1, count: 1))
                try db.insert(Item(id: 1, name: "duplicate", price: 1, count: 1))
            })
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 0)
    }

    func testAWriteReturnsItsResultAndCommits() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        let count = try database.write { db -> Int in
            for item in Item.samples(3) { try db.insert(item) }
            return try db.fetchCount(Item.self)  // sees its own uncommitted rows
        }
        XCTAssertEqual(count, 3)
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 3)
    }

    func testAWriteInsideAWriteIsRefusedInsteadOfDeadlocking() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        XCTAssertThrowsError(try database.write { _ in try database.write { try $0.insert(Item.samples(1)[0]) } }) { error in
            XCTAssertEqual(error as? PersistenceError, .nestedTransaction)
        }
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 0)
    }

    func testATransactionCannotBeEndedByHandWrittenSQL() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        XCTAssertThrowsError(
            try database.write { db in
                try db.insert(Item.samples(1)[0])
                try db.execute(sql: "COMMIT")
            }
        ) { error in
            XCTAssertEqual((error as? PersistenceError)?.resultCode, .authorization)
        }
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 0)
    }

    func testATransactionUsedAfterItsClosureIsRefused() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        let escaped = try database.write { $0 }
        XCTAssertThrowsError(try escaped.insert(Item.samples(1)[0])) { error in
            XCTAssertEqual(error as? PersistenceError, .transactionNotActive)
        }
        let escapedRead = try database.read { $0 }
        XCTAssertThrowsError(try escapedRead.fetchCount(Item.self)) { error in
            XCTAssertEqual(error as? PersistenceError, .transactionNotActive)
        }
    }

    func testAsyncWriteRunsOnTheWriterQueueAndEmitsItsResult() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        let recorder = Recorder<Int>()
        let subscription = recorder.record(
            database.asyncWrite { db -> Int in
                for item in Item.samples(4) { try db.insert(item) }
                return try db.fetchCount(Item.self)
            })
        defer { subscription.dispose() }
        recorder.waitForStop()
        XCTAssertEqual(recorder.values, [4])
        XCTAssertTrue(recorder.isCompleted)
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 4)
    }

    func testAsyncWriteThatThrowsFailsAndRollsBack() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        let recorder = Recorder<Void>()
        let subscription = recorder.record(
            database.asyncWrite { db in
                try db.insert(Item.samples(1)[0])
                throw Abort()
            })
        defer { subscription.dispose() }
        recorder.waitForStop()
        XCTAssertEqual(recorder.error as? Abort, Abort())
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 0)
    }

    func testAsyncWriteIsColdAndDisposingBeforeItRunsCancelsIt() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        let write = database.asyncWrite { try $0.insert(Item.samples(1)[0]) }
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 0)  // nothing until subscribed
        // Hold the writer queue so the write cannot start before the subscription is disposed.
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? database.write { _ in
                holding.signal()
                release.wait()
            }
        }
        holding.wait()
        let subscription = write.subscribe()
        subscription.dispose()
        release.signal()
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 0)
    }
}

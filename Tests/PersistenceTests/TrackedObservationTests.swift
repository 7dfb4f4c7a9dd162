import Foundation
import PersistenceInterface
import Reactive
import XCTest

@testable import Persistence

/// An observation follows exactly the tables its last fetch read, which the writer learns from
/// SQLite's authorizer: no caller lists them.
///
/// "Nothing arrived for that commit" is checked as in `ObservationTests`: values arrive in commit
/// order, so a later commit that does concern the observation delivers the next value, and a value
/// for the earlier commit would have come before it.
final class TrackedObservationTests: XCTestCase {
    private func makeDatabase() throws -> SQLiteDatabase {
        try SQLiteDatabase.inMemory(
            migrations: TestSchema.all + [
                Migration("createCheapItems", sql: "CREATE VIEW cheapItems AS SELECT id, name FROM items WHERE price < 10")
            ])
    }

    private func insertItem(_ id: Int64, price: Double = 1, into database: SQLiteDatabase) throws {
        try database.write { try $0.insert(Item(id: id, name: "item \(id)", price: price, count: 1)) }
    }

    private func insertNote(_ id: Int64, into database: SQLiteDatabase) throws {
        try database.write { try $0.insert(Note(id: id, text: "note \(id)")) }
    }

    func testACommitToATableTheFetchDidNotReadDeliversNothing() throws {
        let database = try makeDatabase()
        let recorder = Recorder<Int>()
        let subscription = recorder.record(database.observe { try $0.fetchCount(Item.self) })
        defer { subscription.dispose() }
        try insertNote(1, into: database)
        try insertItem(1, into: database)
        XCTAssertEqual(recorder.waitForValues(2), [0, 1], "the note's commit delivered nothing")
    }

    func testAFetchThatStartsReadingAnotherTableFollowsItFromThen() throws {
        let database = try makeDatabase()
        // Reads the notes only once there is an item: until then their commits must not refresh it.
        let recorder = Recorder<String>()
        let subscription = recorder.record(
            database.observe { db in
                let items = try db.fetchCount(Item.self)
                guard items > 0 else { return "no items" }
                return "\(items) items, \(try db.fetchCount(Note.self)) notes"
            })
        defer { subscription.dispose() }
        try insertNote(1, into: database)
        try insertItem(1, into: database)
        try insertNote(2, into: database)
        XCTAssertEqual(
            recorder.waitForValues(3), ["no items", "1 items, 1 notes", "1 items, 2 notes"], "the first note's commit delivered nothing")
    }

    func testAJoinFollowsBothTables() throws {
        let database = try makeDatabase()
        let recorder = Recorder<Int>()
        let subscription = recorder.record(
            database.observe { try countOf($0, "SELECT count(*) FROM items JOIN notes ON notes.id = items.id") })
        defer { subscription.dispose() }
        try insertItem(1, into: database)
        try insertNote(1, into: database)
        XCTAssertEqual(recorder.waitForValues(3), [0, 0, 1])
    }

    func testAViewIsFollowedThroughTheTableItReads() throws {
        let database = try makeDatabase()
        let recorder = Recorder<[String]>()
        let subscription = recorder.record(
            database.observe { db in
                try db.fetchRows(sql: "SELECT name FROM cheapItems ORDER BY id").map { String.fromDatabaseValue($0["name"] ?? .null) ?? "" }
            })
        defer { subscription.dispose() }
        try insertItem(1, into: database)
        try insertItem(2, price: 50, into: database)
        XCTAssertEqual(recorder.waitForValues(3), [[], ["item 1"], ["item 1"]])
    }

    /// The tables a statement reads are learnt when it is prepared; a statement the connection
    /// already cached (run before by a plain read) must still tell a later observation what it reads.
    func testAStatementPreparedBeforeTheObservationStillTellsWhatItReads() throws {
        let database = try makeDatabase()
        let sql = "SELECT count(*) FROM notes"
        _ = try database.write { try $0.fetchValue(sql: sql) }
        let recorder = Recorder<Int>()
        let subscription = recorder.record(database.observe { try countOf($0, sql) })
        defer { subscription.dispose() }
        try insertNote(1, into: database)
        XCTAssertEqual(recorder.waitForValues(2), [0, 1])
    }

    func testATableNamedInAnotherCaseIsTheSameTable() throws {
        let database = try makeDatabase()
        let recorder = Recorder<Int>()
        let subscription = recorder.record(database.observe { try countOf($0, "SELECT count(*) FROM ITEMS") })
        defer { subscription.dispose() }
        try insertItem(1, into: database)
        XCTAssertEqual(recorder.waitForValues(2), [0, 1])
    }

    func testTheTablesFollowedAreTheOnesTheLastFetchRead() throws {
        let database = try makeDatabase()
        let subscription = database.observe { db -> Int in
            try db.fetchCount(Item.self) + (try db.fetchCount(Item.self) > 0 ? db.fetchCount(Note.self) : 0)
        }.subscribe()
        defer { subscription.dispose() }
        XCTAssertEqual(try followedTables(database), ["items"])
        try insertItem(1, into: database)
        XCTAssertEqual(try followedTables(database), ["items", "notes"])
    }

    /// The tables the one observation of `database` follows, read on the writer queue once the
    /// writes asked for before have run.
    private func followedTables(_ database: SQLiteDatabase) throws -> Set<String> {
        let writer = database.writer
        return writer.sync { writer.observedTables.first ?? [] }
    }
}

/// The number `sql` counts.
private func countOf(_ db: any ReadTransaction, _ sql: String) throws -> Int {
    Int.fromDatabaseValue(try db.fetchValue(sql: sql) ?? .null) ?? -1
}

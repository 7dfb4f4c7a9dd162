import Foundation
import PersistenceInterface
import Reactive
import XCTest

@testable import Persistence

private struct Abort: Error {}

/// `observe(query)`: the current value first, then a fresh value after each committed transaction
/// that touched the query's table; never on a rollback or for other tables.
///
/// Values of all observations of a database arrive on one delivery queue in commit order, so
/// "nothing arrived for that commit" is checked without waiting: a later commit that does concern the
/// observation delivers its value, and any value for the earlier commit would have come before it.
/// Each scenario runs twice: in memory and on a WAL file.
final class ObservationTests: XCTestCase {
    /// Runs `scenario` on a fresh in-memory database, then on a fresh WAL file.
    private func onEachKindOfDatabase(_ scenario: (SQLiteDatabase) throws -> Void) throws {
        try scenario(try SQLiteDatabase.inMemory(migrations: TestSchema.all))
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("observed.sqlite").path
        try scenario(try SQLiteDatabase(.file(path: path), migrations: TestSchema.all))
    }

    private func names(_ values: [[Item]]) -> [[String]] {
        values.map { $0.map(\.name) }
    }

    func testTheCurrentValueComesFirst() throws {
        try onEachKindOfDatabase { database in
            try database.write { db in for item in Item.samples(2) { try db.insert(item) } }
            let recorder = Recorder<[Item]>()
            let subscription = recorder.record(database.observe(Item.order(Column("id").asc)))
            defer { subscription.dispose() }
            XCTAssertEqual(recorder.waitForValues(1), [Item.samples(2)])
        }
    }

    func testEachRelevantCommitEmitsTheFreshValueInOrder() throws {
        try onEachKindOfDatabase { database in
            let recorder = Recorder<[Item]>()
            let subscription = recorder.record(database.observe(Item.order(Column("id").asc)))
            defer { subscription.dispose() }
            try database.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
            try database.write { try $0.update(Item(id: 1, name: "b", price: 1, count: 1)) }
            try database.write { db in
                try db.insert(Item(id: 2, name: "c", price: 1, count: 1))
                try db.insert(Item(id: 3, name: "d", price: 1, count: 1))
            }
            try database.write { _ = try $0.delete(Item.self, id: 1) }
            XCTAssertEqual(names(recorder.waitForValues(5)), [[], ["a"], ["b"], ["b", "c", "d"], ["c", "d"]])
        }
    }

    /// Read-your-writes: when an `asyncWrite` result arrives, the observation already has the value of
    /// that commit, even with 50 writes queued back to back (the Menu screen relies on it to tell its
    /// own stores from someone else's).
    func testAnAsyncWriteResultArrivesAfterTheValueItsCommitGaveEachObservation() throws {
        try onEachKindOfDatabase { database in
            let observed = Recorder<Int>()
            let subscription = observed.record(database.observeCount(Item.all()))
            defer { subscription.dispose() }
            observed.waitForValues(1)
            let results = Recorder<(written: Int, observedThen: Int?)>()
            let writes = (1...50).map { id in
                database.asyncWrite { db -> Int in
                    try db.insert(Item(id: Int64(id), name: "\(id)", price: 1, count: 1))
                    return try db.fetchCount(Item.self)
                }
                .subscribe(onNext: { results.append((written: $0, observedThen: observed.values.last)) })
            }
            defer { writes.forEach { $0.dispose() } }
            let answered = results.waitForValues(50)
            XCTAssertEqual(answered.map(\.written), Array(1...50))
            XCTAssertEqual(answered.map(\.observedThen), Array(1...50))
        }
    }

    func testARolledBackWriteEmitsNothing() throws {
        try onEachKindOfDatabase { database in
            let recorder = Recorder<[Item]>()
            let subscription = recorder.record(database.observe(Item.all()))
            defer { subscription.dispose() }
            XCTAssertThrowsError(
                try database.write { db in
                    try db.insert(Item(id: 1, name: "never", price: 1, count: 1))
                    throw Abort()
                })
            try database.write { try $0.insert(Item(id: 2, name: "committed", price: 1, count: 1)) }
            XCTAssertEqual(names(recorder.waitForValues(2)), [[], ["committed"]])
            XCTAssertEqual(recorder.values.count, 2)
        }
    }

    func testAWriteToAnotherTableEmitsNothing() throws {
        try onEachKindOfDatabase { database in
            let items = Recorder<[Item]>()
            let notes = Recorder<[Note]>()
            let itemsSubscription = items.record(database.observe(Item.all()))
            let notesSubscription = notes.record(database.observe(Note.all()))
            defer {
                itemsSubscription.dispose()
                notesSubscription.dispose()
            }
            try database.write { try $0.insert(Note(id: 1, text: "unrelated")) }
            try database.write { try $0.execute(sql: "UPDATE notes SET text = 'still unrelated'") }
            try database.write { try $0.insert(Item(id: 1, name: "related", price: 1, count: 1)) }
            XCTAssertEqual(names(items.waitForValues(2)), [[], ["related"]])
            XCTAssertEqual(notes.waitForValues(3).map { $0.map(\.text) }, [[], ["unrelated"], ["still unrelated"]])
            XCTAssertEqual(items.values.count, 2)
        }
    }

    func testAWriteThatChangesNoRowEmitsNothing() throws {
        try onEachKindOfDatabase { database in
            let recorder = Recorder<[Item]>()
            let subscription = recorder.record(database.observe(Item.all()))
            defer { subscription.dispose() }
            try database.write { try $0.execute(sql: "UPDATE items SET name = 'x' WHERE id = 42") }
            _ = try database.read { try $0.fetchAll(Item.self) }
            try database.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
            XCTAssertEqual(names(recorder.waitForValues(2)), [[], ["a"]])
            XCTAssertEqual(recorder.values.count, 2)
        }
    }

    func testDeletingEveryRowIsSeen() throws {
        try onEachKindOfDatabase { database in
            try database.write { db in for item in Item.samples(3) { try db.insert(item) } }
            let recorder = Recorder<[Item]>()
            let subscription = recorder.record(database.observe(Item.all()))
            defer { subscription.dispose() }
            try database.write { try $0.execute(sql: "DELETE FROM items") }  // no WHERE: SQLite's truncate path
            XCTAssertEqual(recorder.waitForValues(2).map(\.count), [3, 0])
        }
    }

    func testSeveralObserversEachGetEveryValue() throws {
        try onEachKindOfDatabase { database in
            let recorders = (0..<5).map { _ in Recorder<Int>() }
            let subscriptions = recorders.map { $0.record(database.observe { try $0.fetchCount(Item.self) }) }
            defer { subscriptions.forEach { $0.dispose() } }
            for recorder in recorders { recorder.waitForValues(1) }
            for id in 1...3 { try database.write { try $0.insert(Item.samples(1, startingAt: Int64(id))[0]) } }
            for recorder in recorders { XCTAssertEqual(recorder.waitForValues(4), [0, 1, 2, 3]) }
        }
    }

    func testDisposalStopsTheObservation() throws {
        try onEachKindOfDatabase { database in
            let disposed = Recorder<[Item]>()
            let kept = Recorder<[Item]>()
            let disposedSubscription = disposed.record(database.observe(Item.all()))
            let keptSubscription = kept.record(database.observe(Item.all()))
            defer { keptSubscription.dispose() }
            try database.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
            XCTAssertEqual(disposed.waitForValues(2).count, 2)
            kept.waitForValues(2)

            disposedSubscription.dispose()
            try database.write { try $0.insert(Item(id: 2, name: "b", price: 1, count: 1)) }
            XCTAssertEqual(names(kept.waitForValues(3)), [[], ["a"], ["a", "b"]])
            XCTAssertEqual(disposed.values.count, 2)
            XCTAssertEqual(database.observationCount, 1)
            keptSubscription.dispose()
            try database.write { try $0.insert(Item(id: 3, name: "c", price: 1, count: 1)) }
            XCTAssertEqual(database.observationCount, 0)
        }
    }

    func testRemoveDuplicatesDropsEqualResults() throws {
        try onEachKindOfDatabase { database in
            try database.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
            let deduplicated = Recorder<[Item]>()
            let everything = Recorder<[Item]>()
            let first = deduplicated.record(database.observe(Item.filter(Column("id") == 1), removeDuplicates: true))
            let second = everything.record(database.observe(Item.filter(Column("id") == 1)))
            defer {
                first.dispose()
                second.dispose()
            }
            try database.write { try $0.update(Item(id: 1, name: "a", price: 1, count: 1)) }  // same values
            try database.write { try $0.insert(Item(id: 2, name: "other", price: 1, count: 1)) }  // not in the result
            try database.write { try $0.update(Item(id: 1, name: "b", price: 1, count: 1)) }
            XCTAssertEqual(names(everything.waitForValues(4)), [["a"], ["a"], ["a"], ["b"]])
            XCTAssertEqual(names(deduplicated.waitForValues(2)), [["a"], ["b"]])
            XCTAssertEqual(deduplicated.values.count, 2)
        }
    }

    func testObserveOneAndCount() throws {
        try onEachKindOfDatabase { database in
            let one = Recorder<Item?>()
            let count = Recorder<Int>()
            let subscriptions = [
                one.record(database.observeOne(Item.filter(Column("id") == 2))), count.record(database.observeCount(Item.all())),
            ]
            defer { subscriptions.forEach { $0.dispose() } }
            try database.write { db in for item in Item.samples(3) { try db.insert(item) } }
            try database.write { _ = try $0.delete(Item.self, id: 2) }
            XCTAssertEqual(one.waitForValues(3).map { $0?.id }, [nil, 2, nil])
            XCTAssertEqual(count.waitForValues(3), [0, 3, 2])
        }
    }

    func testAnObservationOfAMissingTableFails() throws {
        try onEachKindOfDatabase { database in
            struct Missing: DatabaseRecord {
                static let tableName = "missing"
                var id: Int
            }
            let recorder = Recorder<[Missing]>()
            let subscription = recorder.record(database.observe(Missing.all()))
            defer { subscription.dispose() }
            recorder.waitForStop()
            XCTAssertEqual((recorder.error as? PersistenceError)?.sqliteError?.message, "no such table: missing")
            XCTAssertEqual(database.observationCount, 0)
        }
    }

    func testAnObserverMayWriteFromItsCallback() throws {
        try onEachKindOfDatabase { database in
            let recorder = Recorder<Int>()
            let subscription = database.observeCount(Item.all()).subscribe(onNext: { count in
                recorder.append(count)
                if count < 3 { _ = try? database.write { try $0.insert(Item.samples(1, startingAt: Int64(count + 1))[0]) } }
            })
            defer { subscription.dispose() }
            XCTAssertEqual(recorder.waitForValues(4), [0, 1, 2, 3])
        }
    }

    func testClosingTheDatabaseCompletesObservations() throws {
        try onEachKindOfDatabase { database in
            let recorder = Recorder<[Item]>()
            let subscription = recorder.record(database.observe(Item.all()))
            defer { subscription.dispose() }
            recorder.waitForValues(1)
            database.close()
            recorder.waitForStop()
            XCTAssertTrue(recorder.isCompleted)
        }
    }
}

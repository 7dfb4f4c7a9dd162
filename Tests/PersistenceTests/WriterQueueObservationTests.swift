import Foundation
import PersistenceInterface
import Reactive
import XCTest

@testable import Persistence

/// `observe(query, delivery: .writerQueue)`: the values reach the observer on the writer queue right
/// after each commit, before `write` returns, outside any transaction; the observer may read but
/// not write. Each scenario runs in memory and on a WAL file.
///
/// Since `write` returns only after the delivery, "the observer has the value" is checked right after
/// `write`, without waiting; only the first value, delivered after subscribing, is waited for.
final class WriterQueueObservationTests: XCTestCase {
    private func onEachKindOfDatabase(_ scenario: (SQLiteDatabase) throws -> Void) throws {
        try scenario(try SQLiteDatabase.inMemory(migrations: TestSchema.all))
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("observed.sqlite").path
        try scenario(
            try SQLiteDatabase(
                .file(path: path), configuration: DatabaseConfiguration(externalChangeCheckInterval: nil),
                migrations: TestSchema.all))
    }

    private func names(_ values: [[Item]]) -> [[String]] {
        values.map { $0.map(\.name) }
    }

    func testEachCommitIsDeliveredBeforeWriteReturns() throws {
        try onEachKindOfDatabase { database in
            let recorder = Recorder<[Item]>()
            let subscription = recorder.record(database.observe(Item.order(Column("id").asc), delivery: .writerQueue))
            defer { subscription.dispose() }
            XCTAssertEqual(recorder.waitForValues(1), [[]])
            try database.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
            XCTAssertEqual(names(recorder.values), [[], ["a"]])
            try database.write { try $0.update(Item(id: 1, name: "b", price: 1, count: 1)) }
            XCTAssertEqual(names(recorder.values), [[], ["a"], ["b"]])
            try? database.write { db in
                try db.insert(Item(id: 2, name: "c", price: 1, count: 1))
                throw PersistenceError.invalidQuery(reason: "rolled back on purpose")
            }
            try database.write { try $0.insert(Note(id: 1, text: "another table")) }
            XCTAssertEqual(names(recorder.values), [[], ["a"], ["b"]], "a rollback and another table's commit deliver nothing")
        }
    }

    func testTheObserverRunsOnTheWriterQueueOutsideAnyTransactionAndMayRead() throws {
        try onEachKindOfDatabase { database in
            let readBack = Recorder<Int>()
            let subscription = database.observe(Item.all(), delivery: .writerQueue).subscribe(onNext: { items in
                XCTAssertTrue(database.writer.isCurrent, "delivered on the writer queue")
                XCTAssertFalse(database.writer.connection.isInTransaction, "no transaction is open while the observer runs")
                do {
                    readBack.append(try database.read { try $0.fetchCount(Item.all()) } - items.count)
                } catch {
                    readBack.fail(error)
                }
            })
            defer { subscription.dispose() }
            readBack.waitForValues(1)
            try database.write { db in for item in Item.samples(3) { try db.insert(item) } }
            XCTAssertEqual(readBack.values, [0, 0], "the observer read the state it was given")
            XCTAssertNil(readBack.error)
        }
    }

    func testAWriteFromTheObserverIsRefusedAndChangesNothing() throws {
        try onEachKindOfDatabase { database in
            let refusals = Recorder<PersistenceError>()
            let subscription = database.observe(Item.all(), delivery: .writerQueue).subscribe(onNext: { items in
                guard !items.isEmpty else { return }
                do {
                    try database.write { try $0.insert(Item(id: 99, name: "from the observer", price: 1, count: 1)) }
                } catch let error as PersistenceError {
                    refusals.append(error)
                } catch {
                    XCTFail("unexpected \(error)")
                }
            })
            defer { subscription.dispose() }
            try database.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
            XCTAssertEqual(refusals.values.map(\.description), [PersistenceError.writeDuringDelivery.description])
            XCTAssertEqual(try database.read { try $0.fetchAll(Item.all()) }.map(\.id), [1])
            // Outside a delivery, writing works again.
            try database.write { try $0.insert(Item(id: 2, name: "b", price: 1, count: 1)) }
            XCTAssertEqual(try database.read { try $0.fetchCount(Item.all()) }, 2)
        }
    }

    func testADisposedObservationReceivesNothingMore() throws {
        try onEachKindOfDatabase { database in
            let recorder = Recorder<Int>()
            let subscription = recorder.record(database.observe(Item.all(), delivery: .writerQueue).map(\.count))
            recorder.waitForValues(1)
            try database.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
            XCTAssertEqual(recorder.values, [0, 1])
            subscription.dispose()
            try database.write { try $0.insert(Item(id: 2, name: "b", price: 1, count: 1)) }
            XCTAssertEqual(recorder.values, [0, 1])
        }
    }

    func testClosingTheDatabaseCompletesTheObservation() throws {
        try onEachKindOfDatabase { database in
            let recorder = Recorder<[Item]>()
            let subscription = recorder.record(database.observe(Item.all(), delivery: .writerQueue))
            defer { subscription.dispose() }
            recorder.waitForValues(1)
            database.close()
            XCTAssertTrue(recorder.isCompleted, "completed before close returned")
        }
    }

    func testAnotherConnectionsCommitIsDeliveredByTheCheck() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("shared.sqlite").path
        let configuration = DatabaseConfiguration(externalChangeCheckInterval: nil)
        let observed = try SQLiteDatabase(.file(path: path), configuration: configuration, migrations: TestSchema.all)
        let other = try SQLiteDatabase(.file(path: path), configuration: configuration, migrations: TestSchema.all)
        let recorder = Recorder<[Item]>()
        let subscription = recorder.record(observed.observe(Item.all(), delivery: .writerQueue))
        defer { subscription.dispose() }
        recorder.waitForValues(1)
        try other.write { try $0.insert(Item(id: 1, name: "elsewhere", price: 1, count: 1)) }
        observed.checkForExternalChanges()
        XCTAssertEqual(names(recorder.values), [[], ["elsewhere"]], "delivered before the check returned")
    }
}

import Foundation
import PersistenceInterface
import Reactive
import XCTest

@testable import Persistence

/// Commits made to the file by another connection or another process reach `observe`: a file
/// database checks `PRAGMA data_version` while observations are active, and then fetches them again.
///
/// Checks are made by hand (`checkForExternalChanges()`, polling off) wherever a test says that
/// nothing arrives: values of a database arrive on one delivery queue in order, so a value delivered
/// for a later own commit proves that the check before it delivered nothing. The tests that poll wait
/// for a value with a timeout that only guards against a hang.
final class ExternalChangeTests: XCTestCase {
    /// A value that is not `Equatable`, so an observation of it cannot tell whether it changed.
    private struct Opaque: Sendable {
        let names: [String]
    }

    private var path: String!

    override func setUpWithError() throws {
        try super.setUpWithError()
        path = try makeTemporaryDirectory(for: self).appendingPathComponent("shared.sqlite").path
    }

    /// A connection to the shared file that checks every `interval` (by hand only with `nil`).
    private func open(checkingEvery interval: Duration?) throws -> SQLiteDatabase {
        try SQLiteDatabase(
            .file(path: path), configuration: DatabaseConfiguration(externalChangeCheckInterval: interval), migrations: TestSchema.all)
    }

    private func names(_ values: [[Item]]) -> [[String]] {
        values.map { $0.map(\.name) }
    }

    // MARK: Polling

    func testACommitByAnotherDatabaseOfTheSameFileIsSeen() throws {
        let observer = try SQLiteDatabase(.file(path: path), migrations: TestSchema.all)  // the default interval
        let other = try open(checkingEvery: nil)
        let recorder = Recorder<[Item]>()
        let subscription = recorder.record(observer.observe(Item.order(Column("id").asc)))
        defer { subscription.dispose() }
        recorder.waitForValues(1)

        try other.write { try $0.insert(Item(id: 1, name: "from the other connection", price: 1, count: 1)) }
        XCTAssertEqual(names(recorder.waitForValues(2)), [[], ["from the other connection"]])

        try other.write { try $0.update(Item(id: 1, name: "updated there", price: 1, count: 1)) }
        XCTAssertEqual(names(recorder.waitForValues(3)), [[], ["from the other connection"], ["updated there"]])
    }

    func testACommitByAnotherProcessIsSeen() throws {
        // The crash writer's schema, which it checks on opening.
        let migrations = [
            Migration(
                "createEntries",
                sql: "CREATE TABLE entries (id INTEGER PRIMARY KEY, batch INTEGER NOT NULL, item INTEGER NOT NULL, payload TEXT NOT NULL)")
        ]
        let observer = try SQLiteDatabase(
            .file(path: path), configuration: DatabaseConfiguration(externalChangeCheckInterval: .milliseconds(10)), migrations: migrations)
        let recorder = Recorder<Int>()
        let subscription = recorder.record(
            observer.observe(removeDuplicates: nil) {
                try Int.fromDatabaseValue($0.fetchValue(sql: "SELECT count(*) FROM entries") ?? .null) ?? -1
            })
        defer { subscription.dispose() }
        XCTAssertEqual(recorder.waitForValues(1), [0])

        // One batch of 3 rows, in one transaction, then the child exits.
        let process = Process()
        process.executableURL = try crashWriterExecutable()
        process.arguments = [path, "3", "1"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        XCTAssertEqual(recorder.waitForValues(2), [0, 3])
    }

    func testPollingRunsOnlyWhileSomethingIsObserved() throws {
        let database = try open(checkingEvery: .milliseconds(10))
        XCTAssertFalse(database.isPollingExternalChanges, "nothing observed yet")

        let first = Recorder<[Item]>()
        let second = Recorder<Int>()
        let firstSubscription = first.record(database.observe(Item.all()))
        let secondSubscription = second.record(database.observeCount(Item.all()))
        first.waitForValues(1)
        second.waitForValues(1)
        XCTAssertTrue(database.isPollingExternalChanges)

        firstSubscription.dispose()
        XCTAssertEqual(database.observationCount, 1)
        XCTAssertTrue(database.isPollingExternalChanges, "one observation is left")

        secondSubscription.dispose()
        XCTAssertEqual(database.observationCount, 0)
        XCTAssertFalse(database.isPollingExternalChanges, "the last observation was disposed")

        // A new observation starts it again.
        let third = Recorder<[Item]>()
        let thirdSubscription = third.record(database.observe(Item.all()))
        third.waitForValues(1)
        XCTAssertTrue(database.isPollingExternalChanges)
        thirdSubscription.dispose()
        XCTAssertFalse(database.isPollingExternalChanges)
    }

    func testClosingTheDatabaseStopsPolling() throws {
        let database = try open(checkingEvery: .milliseconds(10))
        let recorder = Recorder<[Item]>()
        let subscription = recorder.record(database.observe(Item.all()))
        defer { subscription.dispose() }
        recorder.waitForValues(1)
        XCTAssertTrue(database.isPollingExternalChanges)

        database.close()

        XCTAssertFalse(database.isPollingExternalChanges)
        recorder.waitForStop()
        XCTAssertTrue(recorder.isCompleted)
        database.checkForExternalChanges()  // harmless once closed
    }

    func testAFailedObservationStopsPolling() throws {
        struct Missing: DatabaseRecord {
            static let tableName = "missing"
            var id: Int
        }
        let database = try open(checkingEvery: .milliseconds(10))
        let recorder = Recorder<[Missing]>()
        let subscription = recorder.record(database.observe(Missing.all()))
        defer { subscription.dispose() }
        recorder.waitForStop()

        XCTAssertNotNil(recorder.error)
        XCTAssertFalse(database.isPollingExternalChanges)
    }

    func testNoPollingWithoutAnIntervalOrInMemory() throws {
        let databases = [
            try open(checkingEvery: nil),
            try open(checkingEvery: .zero),
            try SQLiteDatabase.inMemory(migrations: TestSchema.all),
        ]
        for database in databases {
            let recorder = Recorder<[Item]>()
            let subscription = recorder.record(database.observe(Item.all()))
            recorder.waitForValues(1)
            XCTAssertFalse(database.isPollingExternalChanges, "\(database.location)")
            subscription.dispose()
        }
    }

    // MARK: What a check delivers

    func testAHandCheckDeliversTheOtherConnectionsCommit() throws {
        let observer = try open(checkingEvery: nil)
        let other = try open(checkingEvery: nil)
        let recorder = Recorder<[Item]>()
        let subscription = recorder.record(observer.observe(Item.all()))
        defer { subscription.dispose() }
        recorder.waitForValues(1)

        try other.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
        observer.checkForExternalChanges()

        XCTAssertEqual(names(recorder.waitForValues(2)), [[], ["a"]])
    }

    func testNothingIsDeliveredWithoutAChange() throws {
        let observer = try open(checkingEvery: nil)
        let other = try open(checkingEvery: nil)
        let items = Recorder<[Item]>()
        let notes = Recorder<[Note]>()
        let opaque = Recorder<Opaque>()
        let subscriptions = [
            items.record(observer.observe(Item.all())),
            notes.record(observer.observe(Note.all())),
            opaque.record(observer.observe { Opaque(names: try $0.fetchAll(Item.self).map(\.name)) }),
        ]
        defer { subscriptions.forEach { $0.dispose() } }
        items.waitForValues(1)
        notes.waitForValues(1)
        opaque.waitForValues(1)

        // No other connection committed: the check finds the same data version and fetches nothing,
        // not even the value it could not compare.
        observer.checkForExternalChanges()
        // Another connection wrote notes only: the items, compared with `==`, did not change.
        try other.write { try $0.insert(Note(id: 1, text: "elsewhere")) }
        observer.checkForExternalChanges()
        // This database's own commits never look external: the notes commit emits through the hooks only.
        try observer.write { try $0.insert(Note(id: 2, text: "here")) }
        observer.checkForExternalChanges()
        // A commit of the items delivers, after any value the checks above could have delivered.
        try observer.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }

        XCTAssertEqual(names(items.waitForValues(2)), [[], ["a"]])
        XCTAssertEqual(items.values.count, 2)
        XCTAssertEqual(notes.waitForValues(3).map { $0.map(\.text) }, [[], ["elsewhere"], ["elsewhere", "here"]])
        // The opaque value was fetched again after the notes commit elsewhere, as it cannot be compared.
        XCTAssertEqual(opaque.waitForValues(3).map(\.names), [[], [], ["a"]])
        XCTAssertEqual(opaque.values.count, 3)
    }

    func testAnUnchangedRewriteElsewhereIsDroppedWhenComparable() throws {
        let observer = try open(checkingEvery: nil)
        let other = try open(checkingEvery: nil)
        try observer.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
        let optional = Recorder<Item?>()
        let custom = Recorder<[Item]>()
        let subscriptions = [
            optional.record(observer.observeOne(Item.filter(Column("id") == 2))),
            // Equal when the names are: the price is not looked at.
            custom.record(
                observer.observe(removeDuplicates: { $0.map(\.name) == $1.map(\.name) }) {
                    try $0.fetchAll(Item.self)
                }),
        ]
        defer { subscriptions.forEach { $0.dispose() } }
        optional.waitForValues(1)
        custom.waitForValues(1)

        try other.write { try $0.update(Item(id: 1, name: "a", price: 2, count: 1)) }
        observer.checkForExternalChanges()
        try observer.write { try $0.insert(Item(id: 2, name: "b", price: 1, count: 1)) }

        XCTAssertEqual(optional.waitForValues(2).map { $0?.name }, [nil, "b"], "nil stays nil: nothing delivered")
        XCTAssertEqual(custom.waitForValues(2).map { $0.map(\.name) }, [["a"], ["a", "b"]])
        XCTAssertEqual(custom.values.last?.first?.price, 2)
    }

    func testAnOtherConnectionsCommitIsNotHiddenByALaterOwnWrite() throws {
        let observer = try open(checkingEvery: nil)
        let other = try open(checkingEvery: nil)
        let recorder = Recorder<[Item]>()
        let subscription = recorder.record(observer.observe(Item.all()))
        defer { subscription.dispose() }
        recorder.waitForValues(1)

        try other.write { try $0.insert(Item(id: 1, name: "elsewhere", price: 1, count: 1)) }
        // This write sees the other commit (it starts a transaction) but touches notes only.
        try observer.write { try $0.insert(Note(id: 1, text: "here")) }
        observer.checkForExternalChanges()

        XCTAssertEqual(names(recorder.waitForValues(2)), [[], ["elsewhere"]])
    }

    func testACheckAskedForInsideAWriteRunsAfterIt() throws {
        let observer = try open(checkingEvery: nil)
        let other = try open(checkingEvery: nil)
        let recorder = Recorder<[Item]>()
        let subscription = recorder.record(observer.observe(Item.all()))
        defer { subscription.dispose() }
        recorder.waitForValues(1)

        try other.write { try $0.insert(Item(id: 1, name: "elsewhere", price: 1, count: 1)) }
        try observer.write { db in
            try db.insert(Note(id: 1, text: "here"))
            observer.checkForExternalChanges()  // must neither deadlock nor read inside this transaction
        }

        XCTAssertEqual(names(recorder.waitForValues(2)), [[], ["elsewhere"]])
    }

    func testADroppedTableElsewhereFailsTheObservationsThatReadIt() throws {
        let observer = try open(checkingEvery: nil)
        let other = try open(checkingEvery: nil)
        let notes = Recorder<[Note]>()
        let items = Recorder<[Item]>()
        let subscriptions = [notes.record(observer.observe(Note.all())), items.record(observer.observe(Item.all()))]
        defer { subscriptions.forEach { $0.dispose() } }
        notes.waitForValues(1)
        items.waitForValues(1)

        try other.write { try $0.execute(sql: "DROP TABLE notes") }
        observer.checkForExternalChanges()

        notes.waitForStop()
        XCTAssertEqual((notes.error as? PersistenceError)?.sqliteError?.message, "no such table: notes")
        XCTAssertEqual(observer.observationCount, 1, "the items observation goes on")
        try other.write { try $0.insert(Item(id: 1, name: "a", price: 1, count: 1)) }
        observer.checkForExternalChanges()
        XCTAssertEqual(names(items.waitForValues(2)), [[], ["a"]])
    }
}

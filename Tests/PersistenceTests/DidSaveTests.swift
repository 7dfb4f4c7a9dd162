import Foundation
import PersistenceInterface
import Reactive
import XCTest

@testable import Persistence

private struct Abort: Error {}

/// The did-save stream: after each commit, which tables changed and how many rows were inserted,
/// updated and deleted. It is emitted on the writer queue before `write` returns, so these tests
/// read it right after the write.
final class DidSaveTests: XCTestCase {
    /// Runs `scenario` on a fresh in-memory database whose rows are counted by the pre-update hook
    /// (this machine's SQLite has it), then on one counted by the update hook (SQLite builds without
    /// it); `preUpdate` says which.
    private func onEachCountingHook(
        _ scenario: (_ database: SQLiteDatabase, _ saves: Recorder<DatabaseChanges>, _ preUpdate: Bool) throws -> Void
    ) throws {
        for preUpdate in [true, false] {
            var configuration = DatabaseConfiguration()
            configuration.countsChangesWithPreUpdateHook = preUpdate
            let database = try SQLiteDatabase(.inMemory, configuration: configuration, migrations: TestSchema.all)
            let saves = Recorder<DatabaseChanges>()
            let subscription = saves.record(database.didSave)
            defer { subscription.dispose() }
            try scenario(database, saves, preUpdate)
        }
    }

    func testACommitReportsItsTablesAndCounts() throws {
        try onEachCountingHook { database, saves, _ in
            try database.write { db in
                for item in Item.samples(3) { try db.insert(item) }
                try db.update(Item(id: 1, name: "changed", price: 0, count: 0))
                _ = try db.delete(Item.self, id: 2)
                try db.insert(Note(id: nil, text: "n"))
            }
            XCTAssertEqual(
                saves.values,
                [
                    DatabaseChanges(tables: [
                        "items": .init(inserted: 3, updated: 1, deleted: 1),
                        "notes": .init(inserted: 1),
                    ])
                ])
            XCTAssertEqual(saves.values.first?.changedTables, ["items", "notes"])
            XCTAssertEqual(saves.values.first?.inserted, 4)
        }
    }

    func testUpsertCountsAnInsertOrAnUpdate() throws {
        try onEachCountingHook { database, saves, _ in
            try database.write { try $0.upsert(Item(id: 1, name: "a", price: 1, count: 1)) }
            try database.write { try $0.upsert(Item(id: 1, name: "b", price: 1, count: 1)) }
            XCTAssertEqual(saves.values.map { $0.counts(of: "items") }, [.init(inserted: 1), .init(updated: 1)])
        }
    }

    func testDeletingAllRowsCountsEachRow() throws {
        try onEachCountingHook { database, saves, _ in
            try database.write { db in for item in Item.samples(5) { try db.insert(item) } }
            try database.write { try $0.execute(sql: "DELETE FROM items") }
            XCTAssertEqual(saves.values.last, DatabaseChanges(tables: ["items": .init(deleted: 5)]))
        }
    }

    func testRollbacksReadsAndWritesThatChangeNothingAreSilent() throws {
        try onEachCountingHook { database, saves, _ in
            XCTAssertThrowsError(
                try database.write { db in
                    try db.insert(Item.samples(1)[0])
                    throw Abort()
                })
            _ = try database.read { try $0.fetchAll(Item.self) }
            try database.write { _ = try $0.fetchCount(Item.self) }
            try database.write { try $0.execute(sql: "UPDATE items SET name = 'x' WHERE id = 1") }
            XCTAssertEqual(saves.values, [])
        }
    }

    func testAFailedStatementInsideACommittedWriteDoesNotCount() throws {
        try onEachCountingHook { database, saves, _ in
            try database.write { try $0.insert(Item(id: 3, name: "three", price: 3, count: 3)) }
            try database.write { db in
                try db.insert(Item(id: 1, name: "one", price: 1, count: 1))
                // Inserts id 5, then fails on id 3: SQLite undoes the statement, the transaction goes on.
                XCTAssertThrowsError(try db.execute(sql: "INSERT INTO items SELECT id + 2, name, price, count FROM items ORDER BY id DESC"))
            }
            XCTAssertEqual(saves.values.last, DatabaseChanges(tables: ["items": .init(inserted: 1)]))
            XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 2)
        }
    }

    func testAFailedStatementTakesBackOnlyItsOwnRows() throws {
        try onEachCountingHook { database, saves, _ in
            try database.write { db in
                try db.execute(sql: "CREATE TABLE log (message TEXT)")
                try db.execute(sql: "CREATE TRIGGER logItems AFTER INSERT ON items BEGIN INSERT INTO log VALUES (NEW.name); END")
                try db.insert(Item(id: 3, name: "three", price: 3, count: 3))
            }
            try database.write { db in
                // Rows of two tables (the trigger's), then a statement that updates one row of one
                // table and fails on the next (NOT NULL): only that update is taken back.
                try db.insert(Item(id: 1, name: "one", price: 1, count: 1))
                XCTAssertThrowsError(try db.execute(sql: "UPDATE items SET name = CASE id WHEN 1 THEN 'uno' ELSE NULL END"))
            }
            XCTAssertEqual(saves.values.last, DatabaseChanges(tables: ["items": .init(inserted: 1), "log": .init(inserted: 1)]))
            XCTAssertEqual(try database.read { try $0.fetchValue(sql: "SELECT name FROM items WHERE id = 1") }, DatabaseValue.text("one"))
        }
    }

    func testSchemaChangesAreReportedWithZeroCounts() throws {
        try onEachCountingHook { database, saves, _ in
            try database.write { try $0.execute(sql: "CREATE TABLE extra (x)") }
            try database.write { try $0.execute(sql: "DROP TABLE extra") }
            XCTAssertEqual(saves.values, [DatabaseChanges(tables: ["extra": .init()]), DatabaseChanges(tables: ["extra": .init()])])
            XCTAssertEqual(
                try database.read { try $0.fetchValue(sql: "SELECT count(*) FROM sqlite_master WHERE name = 'extra'") },
                DatabaseValue.integer(0))
        }
    }

    func testDroppingATableWithRowsDropsIt() throws {
        try onEachCountingHook { database, saves, _ in
            // The authorizer ignores row deletes (to count them one by one) but never the ones of a DROP.
            try database.write { db in
                try db.execute(
                    sql: "CREATE TABLE extra (x); INSERT INTO extra VALUES (1), (2); CREATE VIEW extraView AS SELECT * FROM extra")
            }
            try database.write { try $0.execute(sql: "DROP VIEW extraView; DROP TABLE extra") }
            XCTAssertEqual(
                try database.read { try $0.fetchValue(sql: "SELECT count(*) FROM sqlite_master WHERE name LIKE 'extra%'") },
                DatabaseValue.integer(0))
            XCTAssertEqual(saves.values.last, DatabaseChanges(tables: ["extra": .init()]))
        }
    }

    func testTriggersAndCascadesAreCounted() throws {
        try onEachCountingHook { database, saves, _ in
            try database.write { db in
                try db.execute(sql: "CREATE TABLE log (message TEXT)")
                try db.execute(sql: "CREATE TRIGGER logItems AFTER INSERT ON items BEGIN INSERT INTO log VALUES (NEW.name); END")
            }
            try database.write { try $0.insert(Item.samples(1)[0]) }
            XCTAssertEqual(saves.values.last, DatabaseChanges(tables: ["items": .init(inserted: 1), "log": .init(inserted: 1)]))
        }
    }

    func testWithoutRowidTablesAreCountedToo() throws {
        try onEachCountingHook { database, saves, _ in
            // The pre-update hook reports rows of WITHOUT ROWID tables; the update hook skips them, and
            // they are then counted from sqlite3_changes.
            try database.write { try $0.execute(sql: "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID") }
            let observed = Recorder<[Row]>()
            let subscription = observed.record(
                database.observe { try $0.fetchRows(sql: "SELECT * FROM settings ORDER BY key") })
            defer { subscription.dispose() }
            try database.write { try $0.execute(sql: "INSERT INTO settings VALUES ('a', '1'), ('b', '2')") }
            try database.write { try $0.execute(sql: "UPDATE settings SET value = 'x'") }
            try database.write { try $0.execute(sql: "DELETE FROM settings WHERE key = 'a'") }
            XCTAssertEqual(
                Array(saves.values.suffix(3)),
                [
                    DatabaseChanges(tables: ["settings": .init(inserted: 2)]),
                    DatabaseChanges(tables: ["settings": .init(updated: 2)]),
                    DatabaseChanges(tables: ["settings": .init(deleted: 1)]),
                ])
            XCTAssertEqual(observed.waitForValues(4).map(\.count), [0, 2, 2, 1])
        }
    }

    func testRowsThatReplaceDeletesAreCountedWithThePreUpdateHook() throws {
        try onEachCountingHook { database, saves, preUpdate in
            try database.write { db in for item in Item.samples(2) { try db.insert(item) } }
            try database.write {
                try $0.execute(sql: "INSERT OR REPLACE INTO items (id, name, price, count) VALUES (1, 'b', 2, 2), (3, 'c', 3, 3)")
            }
            // SQLite reports the row REPLACE deleted to the pre-update hook only; without it the
            // write counts as two inserts (Docs/PERSISTENCE.md).
            let expected: DatabaseChanges.Counts = preUpdate ? .init(inserted: 2, deleted: 1) : .init(inserted: 2)
            XCTAssertEqual(saves.values.last, DatabaseChanges(tables: ["items": expected]))
            XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 3)
        }
    }

    func testEverySaveIsReportedInOrder() throws {
        try onEachCountingHook { database, saves, _ in
            for id in 1...5 { try database.write { try $0.insert(Item.samples(1, startingAt: Int64(id))[0]) } }
            XCTAssertEqual(saves.values.count, 5)
            XCTAssertTrue(saves.values.allSatisfy { $0 == DatabaseChanges(tables: ["items": .init(inserted: 1)]) })
        }
    }

    func testAHandlerMayWriteFromTheDidSaveCallback() throws {
        try onEachCountingHook { database, saves, _ in
            let subscription = database.didSave.subscribe(onNext: { [weak database] changes in
                guard changes.contains(table: "items") else { return }
                _ = try? database?.write { try $0.insert(Note(id: nil, text: "audit")) }
            })
            defer { subscription.dispose() }
            try database.write { try $0.insert(Item.samples(1)[0]) }
            XCTAssertEqual(try database.read { try $0.fetchAll(Note.self) }.map(\.text), ["audit"])
            XCTAssertEqual(saves.values.map(\.changedTables), [["items"], ["notes"]])
        }
    }

    // MARK: Counting only while someone follows the commits

    /// A fresh in-memory database nobody follows yet, counted by each hook in turn (`preUpdate` says which).
    private func onEachCountingHookUnfollowed(_ scenario: (_ database: SQLiteDatabase, _ preUpdate: Bool) throws -> Void) throws {
        for preUpdate in [true, false] {
            var configuration = DatabaseConfiguration()
            configuration.countsChangesWithPreUpdateHook = preUpdate
            try scenario(try SQLiteDatabase(.inMemory, configuration: configuration, migrations: TestSchema.all), preUpdate)
        }
    }

    func testRowsAreCountedOnlyWhileSomeoneSubscribesToDidSave() throws {
        try onEachCountingHookUnfollowed { database, _ in
            let tracker = try XCTUnwrap(database.writer.connection.tracker)
            try database.write { db in for item in Item.samples(3) { try db.insert(item) } }
            XCTAssertFalse(tracker.isTracking, "nobody follows the commits: no row is counted")

            let saves = Recorder<DatabaseChanges>()
            var subscription = saves.record(database.didSave)
            try database.write { try $0.insert(Item.samples(1, startingAt: 4)[0]) }
            XCTAssertTrue(tracker.isTracking)
            XCTAssertEqual(saves.values, [DatabaseChanges(tables: ["items": .init(inserted: 1)])], "only the rows of the followed commit")

            subscription.dispose()
            try database.write { try $0.update(Item(id: 1, name: "unfollowed", price: 0, count: 0)) }
            XCTAssertFalse(tracker.isTracking, "the last subscriber left")

            let later = Recorder<DatabaseChanges>()
            subscription = later.record(database.didSave)
            defer { subscription.dispose() }
            try database.write { db in
                try db.update(Item(id: 2, name: "followed", price: 0, count: 0))
                _ = try db.delete(Item.self, id: 3)
            }
            XCTAssertEqual(later.values, [DatabaseChanges(tables: ["items": .init(updated: 1, deleted: 1)])])
            XCTAssertEqual(saves.values.count, 1, "a disposed subscriber hears nothing more")
        }
    }

    func testAnObservationAloneTurnsCountingOn() throws {
        try onEachCountingHookUnfollowed { database, _ in
            let tracker = try XCTUnwrap(database.writer.connection.tracker)
            let observed = Recorder<Int>()
            let subscription = observed.record(database.observe { try $0.fetchCount(Item.self) })
            XCTAssertEqual(observed.waitForValues(1), [0])
            try database.write { try $0.insert(Item.samples(1)[0]) }
            XCTAssertTrue(tracker.isTracking)
            XCTAssertEqual(observed.waitForValues(2), [0, 1])

            subscription.dispose()
            // The writer queue unregisters the observation before it runs this write.
            try database.write { try $0.insert(Item.samples(1, startingAt: 2)[0]) }
            XCTAssertFalse(tracker.isTracking)
            XCTAssertEqual(observed.values, [0, 1])
        }
    }

    func testWritesNobodyFollowedLeaveNoCountsBehind() throws {
        try onEachCountingHookUnfollowed { database, _ in
            // Unfollowed: rows of a rowid and of a WITHOUT ROWID table (which the update hook skips,
            // so they are counted from sqlite3_changes when counted), and a schema change.
            try database.write { db in
                try db.execute(sql: "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID")
                try db.execute(sql: "INSERT INTO settings VALUES ('a', '1'), ('b', '2')")
                for item in Item.samples(2) { try db.insert(item) }
            }
            let saves = Recorder<DatabaseChanges>()
            let subscription = saves.record(database.didSave)
            defer { subscription.dispose() }
            try database.write { try $0.execute(sql: "INSERT INTO settings VALUES ('c', '3')") }
            XCTAssertEqual(saves.values, [DatabaseChanges(tables: ["settings": .init(inserted: 1)])])
        }
    }
    func testStatementsPreparedWhileNobodyFollowedCountTheirRowsLater() throws {
        try onEachCountingHookUnfollowed { database, preUpdate in
            // Prepared (and kept) with no row hook installed: SQLite decides some of a statement's
            // plan as it prepares it, and `DELETE FROM t` must still delete row by row.
            let writes: (any WriteTransaction) throws -> Void = { db in
                for item in Item.samples(3) { try db.upsert(item) }
                try db.update(Item(id: 1, name: "changed", price: 0, count: 0))
                try db.execute(sql: "INSERT OR REPLACE INTO items (id, name, price, count) VALUES (2, 'replaced', 1, 1)")
                try db.execute(sql: "DELETE FROM items")
            }
            try database.write(writes)
            let saves = Recorder<DatabaseChanges>()
            let subscription = saves.record(database.didSave)
            defer { subscription.dispose() }
            try database.write(writes)
            let counts = try XCTUnwrap(saves.values.first?.counts(of: "items"))
            XCTAssertEqual(counts.inserted, 4, "three upserts and the replacing insert")
            XCTAssertEqual(counts.updated, 1)
            // Every row of DELETE FROM, one by one, and the row REPLACE deleted where the hook sees it.
            XCTAssertEqual(counts.deleted, preUpdate ? 4 : 3)
        }
    }
}

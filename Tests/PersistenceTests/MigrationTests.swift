import Foundation
import Persistence
import PersistenceInterface
import XCTest

private struct Abort: Error, Equatable {}

/// Named migrations: in order, once each, the pending ones in one transaction; a newer or foreign file is refused.
final class MigrationTests: XCTestCase {
    /// Migrations that also record the order in which they ran.
    private func migrations(_ names: [String], log: Recorder<String>) -> [Migration] {
        names.map { name in
            Migration(name) { db in
                log.append(name)
                try db.execute(sql: "CREATE TABLE \(name) (id INTEGER PRIMARY KEY)")
            }
        }
    }

    func testMigrationsRunInOrderAndTheirNamesAreRecorded() throws {
        let log = Recorder<String>()
        let database = try SQLiteDatabase.inMemory(migrations: migrations(["a", "c", "b"], log: log))
        XCTAssertEqual(log.values, ["a", "c", "b"])
        XCTAssertEqual(try database.appliedMigrations(), ["a", "c", "b"])
    }

    func testReopeningRunsOnlyTheNewMigrations() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("migrated.sqlite").path
        let log = Recorder<String>()
        try SQLiteDatabase(.file(path: path), migrations: migrations(["one", "two"], log: log)).close()
        try SQLiteDatabase(.file(path: path), migrations: migrations(["one", "two"], log: log)).close()
        let database = try SQLiteDatabase(.file(path: path), migrations: migrations(["one", "two", "three"], log: log))
        XCTAssertEqual(log.values, ["one", "two", "three"])
        XCTAssertEqual(try database.appliedMigrations(), ["one", "two", "three"])
    }

    func testAFailingMigrationRollsBackTheWholeOpeningAndKeepsWhatRanBefore() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("failing.sqlite").path
        let log = Recorder<String>()
        try SQLiteDatabase(.file(path: path), migrations: migrations(["first"], log: log)).close()
        let failing = Migration("broken") { db in
            try db.execute(sql: "CREATE TABLE half (id INTEGER)")
            throw Abort()
        }
        XCTAssertThrowsError(try SQLiteDatabase(.file(path: path), migrations: migrations(["first", "second"], log: log) + [failing])) {
            error in
            XCTAssertEqual(error as? Abort, Abort())
        }
        XCTAssertEqual(log.values, ["first", "second"])
        let database = try SQLiteDatabase(.file(path: path), migrations: migrations(["first"], log: log))
        XCTAssertEqual(try database.appliedMigrations(), ["first"], "second ran with broken, in one transaction, and went with it")
        try database.read { db in
            XCTAssertEqual(
                try db.fetchValue(sql: "SELECT count(*) FROM sqlite_master WHERE name IN ('half', 'second')"), DatabaseValue.integer(0))
        }
    }

    func testAnotherProgramsDatabaseIsRefusedBeforeAnythingIsWritten() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("theirs.sqlite").path
        // Another program's file, in the default rollback-journal mode, with a table of the same name.
        // Python's sqlite3 writes it, as any other SQLite client would.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE first (id INTEGER PRIMARY KEY, owner TEXT)")
            db.execute("INSERT INTO first (owner) VALUES ('them')")
            db.commit()
            db.close()
            """, path,
        ]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(bytes[18], 1, "a rollback-journal file (header byte 18 is 2 in WAL mode)")

        XCTAssertThrowsError(try SQLiteDatabase(.file(path: path), migrations: migrations(["first"], log: Recorder()))) { error in
            XCTAssertEqual(error as? PersistenceError, .foreignDatabase(path: path))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "not even its journal mode changed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        // With no migrations to apply, the library opens any database, as a plain SQLite client does.
        let opened = try SQLiteDatabase(.file(path: path))
        XCTAssertEqual(try opened.read { try $0.fetchValue(sql: "SELECT owner FROM first") }, .text("them"))
    }

    func testAnEmptyDatabaseFileIsMigrated() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("empty.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        let database = try SQLiteDatabase(.file(path: path), migrations: migrations(["first"], log: Recorder()))
        XCTAssertEqual(try database.appliedMigrations(), ["first"])
    }

    func testAFileMigratedByNewerCodeIsRefusedAndLeftAsItWas() throws {
        let directory = try makeTemporaryDirectory(for: self)
        let path = directory.appendingPathComponent("newer.sqlite").path
        let log = Recorder<String>()
        do {
            let newer = try SQLiteDatabase(.file(path: path), migrations: migrations(["v1", "v2", "v3"], log: log))
            try newer.write { try $0.execute(sql: "INSERT INTO v3 (id) VALUES (1)") }
            newer.close()
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

        XCTAssertThrowsError(try SQLiteDatabase(.file(path: path), migrations: migrations(["v1", "v2"], log: log))) { error in
            XCTAssertEqual(error as? PersistenceError, .newerSchema(unknownMigrations: ["v3"]))
        }
        XCTAssertThrowsError(try SQLiteDatabase(.file(path: path))) { error in
            XCTAssertEqual(error as? PersistenceError, .newerSchema(unknownMigrations: ["v1", "v2", "v3"]))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes)
        let current = try SQLiteDatabase(.file(path: path), migrations: migrations(["v1", "v2", "v3"], log: log))
        XCTAssertEqual(try current.read { try $0.fetchValue(sql: "SELECT count(*) FROM v3") }, DatabaseValue.integer(1))
    }

    func testAMigrationInsertedBeforeAppliedOnesRunsAfterThem() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("history.sqlite").path
        let log = Recorder<String>()
        try SQLiteDatabase(.file(path: path), migrations: migrations(["a", "c"], log: log)).close()
        let database = try SQLiteDatabase(.file(path: path), migrations: migrations(["a", "b", "c", "d"], log: log))
        XCTAssertEqual(log.values, ["a", "c", "b", "d"])
        XCTAssertEqual(try database.appliedMigrations(), ["a", "c", "b", "d"], "the history keeps the order of application")
        database.close()
        // Reopened with the same list: the history is not a prefix of it, and nothing runs again.
        _ = try SQLiteDatabase(.file(path: path), migrations: migrations(["a", "b", "c", "d"], log: log))
        XCTAssertEqual(log.values, ["a", "c", "b", "d"])
    }

    func testDuplicateNamesAreRefused() throws {
        XCTAssertThrowsError(try SQLiteDatabase.inMemory(migrations: [TestSchema.items, TestSchema.items])) { error in
            XCTAssertEqual(error as? PersistenceError, .duplicateMigration(name: "createItems"))
        }
    }

    func testMigratingLaterAddsToTheHistory() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [TestSchema.items])
        try database.migrate([TestSchema.items, TestSchema.notes])
        XCTAssertEqual(try database.appliedMigrations(), ["createItems", "createNotes"])
        try database.write { try $0.insert(Note(id: nil, text: "works")) }
    }
}

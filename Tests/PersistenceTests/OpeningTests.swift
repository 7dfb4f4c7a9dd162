import Foundation
import Persistence
import PersistenceInterface
import XCTest

/// Opening: in memory, a file in WAL mode with its pragmas, and files that are not sound databases.
final class OpeningTests: XCTestCase {
    func testInMemoryDatabaseStartsEmptyWithForeignKeysOn() throws {
        let database = try SQLiteDatabase.inMemory()
        XCTAssertEqual(database.location, .inMemory)
        try database.read { db in
            XCTAssertEqual(try db.fetchValue(sql: "SELECT count(*) FROM sqlite_master"), .integer(0))
            XCTAssertEqual(try db.fetchValue(sql: "PRAGMA foreign_keys"), .integer(1))
        }
    }

    func testTwoInMemoryDatabasesAreSeparate() throws {
        let first = try SQLiteDatabase.inMemory(migrations: [TestSchema.items])
        let second = try SQLiteDatabase.inMemory(migrations: [TestSchema.items])
        try first.write { try $0.insert(Item.samples(1)[0]) }
        XCTAssertEqual(try first.read { try $0.fetchCount(Item.self) }, 1)
        XCTAssertEqual(try second.read { try $0.fetchCount(Item.self) }, 0)
    }

    func testFileDatabaseUsesWALSynchronousNormalForeignKeysAndBusyTimeout() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("app.sqlite").path
        let database = try SQLiteDatabase(.file(path: path), configuration: DatabaseConfiguration(busyTimeout: .milliseconds(2500)))
        try database.write { db in
            XCTAssertEqual(try db.fetchValue(sql: "PRAGMA journal_mode"), .text("wal"))
            XCTAssertEqual(try db.fetchValue(sql: "PRAGMA synchronous"), .integer(1))  // NORMAL
            XCTAssertEqual(try db.fetchValue(sql: "PRAGMA foreign_keys"), .integer(1))
            XCTAssertEqual(try db.fetchValue(sql: "PRAGMA busy_timeout"), .integer(2500))
        }
        try database.read { db in
            XCTAssertEqual(try db.fetchValue(sql: "PRAGMA journal_mode"), .text("wal"))
            XCTAssertEqual(try db.fetchValue(sql: "PRAGMA busy_timeout"), .integer(2500))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testFileDatabaseKeepsItsDataAcrossReopening() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("app.sqlite").path
        do {
            let database = try SQLiteDatabase(.file(path: path), migrations: [TestSchema.items])
            try database.write { db in for item in Item.samples(3) { try db.insert(item) } }
            database.close()
        }
        let reopened = try SQLiteDatabase(.file(path: path), migrations: [TestSchema.items])
        XCTAssertEqual(try reopened.read { try $0.fetchAll(Item.order(Column("id").asc)) }, Item.samples(3))
    }

    func testAFileThatIsNotADatabaseIsRefusedAndLeftUntouched() throws {
        let directory = try makeTemporaryDirectory(for: self)
        let url = directory.appendingPathComponent("notes.txt")
        let content = Data(String(repeating: "These are my notes, not a database. ", count: 200).utf8)
        try content.write(to: url)

        XCTAssertThrowsError(try SQLiteDatabase(.file(path: url.path))) { error in
            guard case .notADatabase(let path, let sqliteError) = error as? PersistenceError else {
                return XCTFail("Expected notADatabase, got \(error)")
            }
            XCTAssertEqual(path, url.path)
            XCTAssertEqual(sqliteError.code, .notADatabase)
            XCTAssertFalse(sqliteError.message.isEmpty)
        }
        XCTAssertEqual(try Data(contentsOf: url), content)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["notes.txt"])
    }

    func testACorruptDatabaseIsRefusedAndLeftUntouched() throws {
        let directory = try makeTemporaryDirectory(for: self)
        let url = directory.appendingPathComponent("corrupt.sqlite")
        do {
            let database = try SQLiteDatabase(.file(path: url.path), migrations: [TestSchema.items])
            try database.write { db in for item in Item.samples(2000) { try db.insert(item) } }
            database.close()
        }
        // Scribble over the middle of the file: the table's b-tree pages, not the header.
        var bytes = try Data(contentsOf: url)
        let pageSize = 4096
        XCTAssertGreaterThan(bytes.count, 8 * pageSize)
        for offset in (3 * pageSize)..<(6 * pageSize) { bytes[offset] = UInt8(truncatingIfNeeded: offset &* 31) }
        try bytes.write(to: url)
        let filesBefore = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        XCTAssertThrowsError(try SQLiteDatabase(.file(path: url.path), migrations: [TestSchema.items])) { error in
            guard case .corrupt(let path, let sqliteError) = error as? PersistenceError else {
                return XCTFail("Expected corrupt, got \(error)")
            }
            XCTAssertEqual(path, url.path)
            XCTAssertEqual(sqliteError.code.primary, .corrupt)
        }
        XCTAssertEqual(try Data(contentsOf: url), bytes)
        // SQLite may create its (empty) WAL index files beside a WAL database it reads; nothing is written to them.
        let filesAfter = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertEqual(Set(filesAfter).subtracting(filesBefore).subtracting(["corrupt.sqlite-wal", "corrupt.sqlite-shm"]), [])
        let wal = directory.appendingPathComponent("corrupt.sqlite-wal").path
        if FileManager.default.fileExists(atPath: wal) {
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int, 0)
        }
    }

    func testADatabaseWithAScribbledHeaderIsRefused() throws {
        let url = try makeTemporaryDirectory(for: self).appendingPathComponent("header.sqlite")
        do {
            let database = try SQLiteDatabase(.file(path: url.path), migrations: [TestSchema.items])
            database.close()
        }
        var bytes = try Data(contentsOf: url)
        bytes.replaceSubrange(0..<16, with: Data(repeating: 0x42, count: 16))
        try bytes.write(to: url)

        XCTAssertThrowsError(try SQLiteDatabase(.file(path: url.path))) { error in
            XCTAssertEqual((error as? PersistenceError)?.resultCode, .notADatabase, "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: url), bytes)
    }

    func testAPathThatCannotBeOpenedSaysWhy() throws {
        let directory = try makeTemporaryDirectory(for: self)
        let missing = directory.appendingPathComponent("missing/app.sqlite").path
        XCTAssertThrowsError(try SQLiteDatabase(.file(path: missing))) { error in
            XCTAssertEqual(error as? PersistenceError, .cannotOpen(path: missing, reason: "no such file or directory"))
        }
        XCTAssertThrowsError(try SQLiteDatabase(.file(path: directory.path))) { error in
            XCTAssertEqual(error as? PersistenceError, .cannotOpen(path: directory.path, reason: "it is a directory"))
            XCTAssertEqual("\(error)", "The database at \(directory.path) cannot be opened: it is a directory.")
        }
        let longName = directory.appendingPathComponent(String(repeating: "n", count: 300) + ".sqlite").path
        XCTAssertThrowsError(try SQLiteDatabase(.file(path: longName))) { error in
            XCTAssertEqual(error as? PersistenceError, .cannotOpen(path: longName, reason: "the path is too long"))
        }
    }

    func testAnEmptyFileIsAnEmptyDatabase() throws {
        let url = try makeTemporaryDirectory(for: self).appendingPathComponent("empty.sqlite")
        try Data().write(to: url)
        let database = try SQLiteDatabase(.file(path: url.path), migrations: [TestSchema.items])
        XCTAssertEqual(try database.appliedMigrations(), ["createItems"])
    }

    func testAClosedDatabaseRefusesWork() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [TestSchema.items])
        let didSave = Recorder<DatabaseChanges>()
        let subscription = didSave.record(database.didSave)
        defer { subscription.dispose() }
        database.close()
        XCTAssertTrue(didSave.isCompleted)
        XCTAssertThrowsError(try database.read { try $0.fetchCount(Item.self) }) { error in
            XCTAssertEqual(error as? PersistenceError, .databaseClosed)
        }
        XCTAssertThrowsError(try database.write { try $0.insert(Item.samples(1)[0]) }) { error in
            XCTAssertEqual(error as? PersistenceError, .databaseClosed)
        }
    }
}

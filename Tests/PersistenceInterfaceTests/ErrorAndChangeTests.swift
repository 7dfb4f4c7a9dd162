import PersistenceInterface
import Reactive
import XCTest

/// Errors carry SQLite's code and message; change summaries add up.
final class ErrorAndChangeTests: XCTestCase {
    func testExtendedCodesKnowTheirPrimaryCode() {
        XCTAssertEqual(ResultCode.constraintPrimaryKey.primary, .constraint)
        XCTAssertEqual(ResultCode.constraintForeignKey.primary, .constraint)
        XCTAssertEqual(ResultCode.constraintUnique.primary, .constraint)
        XCTAssertEqual(ResultCode.notADatabase.primary, .notADatabase)
        XCTAssertEqual(ResultCode(rawValue: 266).primary, .ioError)  // SQLITE_IOERR_READ
    }

    func testErrorsExposeSQLitesCodeAndMessage() {
        let sqlite = SQLiteError(code: .constraintUnique, message: "UNIQUE constraint failed: t.x", sql: "INSERT INTO t (x) VALUES (?)")
        XCTAssertEqual(PersistenceError.sqlite(sqlite).resultCode, .constraintUnique)
        XCTAssertEqual(PersistenceError.corrupt(path: "/a", sqlite).sqliteError, sqlite)
        XCTAssertNil(PersistenceError.nestedTransaction.sqliteError)
        XCTAssertEqual("\(sqlite)", "SQLite error 2067: UNIQUE constraint failed: t.x (while running `INSERT INTO t (x) VALUES (?)`)")
        XCTAssertEqual(
            "\(PersistenceError.newerSchema(unknownMigrations: ["v3", "v4"]))",
            "The database was migrated by a newer version of the program (unknown migrations: v3, v4).")
        XCTAssertTrue("\(PersistenceError.notADatabase(path: "/tmp/x", sqlite))".contains("left untouched"))
    }

    func testChangesSumTheirTables() {
        let changes = DatabaseChanges(tables: [
            "items": .init(inserted: 3, updated: 1, deleted: 0),
            "Notes": .init(inserted: 0, updated: 0, deleted: 2),
        ])
        XCTAssertEqual(changes.changedTables, ["items", "Notes"])
        XCTAssertEqual(changes.totals, .init(inserted: 3, updated: 1, deleted: 2))
        XCTAssertEqual(changes.inserted, 3)
        XCTAssertEqual(changes.updated, 1)
        XCTAssertEqual(changes.deleted, 2)
        XCTAssertTrue(changes.contains(table: "NOTES"))
        XCTAssertFalse(changes.contains(table: "other"))
        XCTAssertEqual(changes.counts(of: "notes").total, 2)
        XCTAssertEqual(changes.counts(of: "other"), .init())
        XCTAssertTrue(DatabaseChanges().isEmpty)
    }

    func testMigrationsFromSQLRunTheirStatement() throws {
        final class RecordingTransaction: WriteTransaction {
            var executed: [String] = []
            func fetchAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> [Record] { [] }
            func fetchOne<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Record? { nil }
            func fetchCount<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int { 0 }
            func fetchAll<Record: DatabaseRecord>(_ type: Record.Type, sql: String, arguments: [DatabaseValue]) throws -> [Record] { [] }
            func fetchRows(sql: String, arguments: [DatabaseValue]) throws -> [Row] { [] }
            func insert<Record: DatabaseRecord>(_ record: Record) throws -> Int64 { 0 }
            func update<Record: DatabaseRecord>(_ record: Record) throws {}
            func upsert<Record: DatabaseRecord>(_ record: Record) throws {}
            func delete<Record: DatabaseRecord>(_ record: Record) throws -> Bool { false }
            func deleteAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int { 0 }
            func execute(sql: String, arguments: [DatabaseValue]) throws { executed.append(sql) }
        }
        let transaction = RecordingTransaction()
        let migration = Migration("createThings", sql: "CREATE TABLE things (id INTEGER PRIMARY KEY)")
        XCTAssertEqual(migration.name, "createThings")
        try migration.migrate(transaction)
        XCTAssertEqual(transaction.executed, ["CREATE TABLE things (id INTEGER PRIMARY KEY)"])
    }
}

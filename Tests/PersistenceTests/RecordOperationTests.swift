import Foundation
import Persistence
import PersistenceInterface
import XCTest

/// Insert, update, upsert, delete, and fetch all / one / count with filter, order and limit.
final class RecordOperationTests: XCTestCase {
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        try database.write { db in for item in Item.samples(10) { try db.insert(item) } }
    }

    override func tearDown() {
        database = nil
    }

    func testInsertReturnsTheRowidAndAssignsANilIntegerKey() throws {
        let ids = try database.write { db in
            [
                try db.insert(Note(id: nil, text: "first")), try db.insert(Note(id: nil, text: "second")),
                try db.insert(Note(id: 10, text: "tenth")),
            ]
        }
        XCTAssertEqual(ids, [1, 2, 10])
        XCTAssertEqual(try database.read { try $0.fetchAll(Note.order(Column("id").asc)) }.map(\.text), ["first", "second", "tenth"])
    }

    func testInsertingADuplicateKeyIsAConstraintErrorWithSQLitesCodeAndMessage() throws {
        XCTAssertThrowsError(try database.write { try $0.insert(Item.samples(1)[0]) }) { error in
            let sqliteError = (error as? PersistenceError)?.sqliteError
            XCTAssertEqual(sqliteError?.code, .constraintPrimaryKey)
            XCTAssertEqual(sqliteError?.code.primary, .constraint)
            XCTAssertEqual(sqliteError?.message, "UNIQUE constraint failed: items.id")
            XCTAssertTrue(sqliteError?.sql?.hasPrefix("INSERT INTO \"items\"") ?? false, "\(String(describing: sqliteError?.sql))")
        }
    }

    func testUpdateChangesTheRowWithTheKeyAndReportsAMissingOne() throws {
        try database.write { try $0.update(Item(id: 3, name: "renamed", price: 9.5, count: 42)) }
        XCTAssertEqual(try database.read { try $0.fetchOne(Item.self, id: 3) }, Item(id: 3, name: "renamed", price: 9.5, count: 42))
        XCTAssertThrowsError(try database.write { try $0.update(Item(id: 99, name: "ghost", price: 0, count: 0)) }) { error in
            XCTAssertEqual(error as? PersistenceError, .recordNotFound(table: "items"))
        }
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 10)
    }

    func testUpsertInsertsOrUpdates() throws {
        try database.write { db in
            try db.upsert(Item(id: 2, name: "two", price: 2, count: 2))
            try db.upsert(Item(id: 11, name: "eleven", price: 11, count: 11))
        }
        XCTAssertEqual(try database.read { try $0.fetchOne(Item.self, id: 2) }?.name, "two")
        XCTAssertEqual(try database.read { try $0.fetchOne(Item.self, id: 11) }?.name, "eleven")
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 11)
    }

    func testUpsertWithACustomPrimaryKeyColumn() throws {
        try database.write { db in
            try db.upsert(SellerContact(address: "A", order: 1, phone: nil))
            try db.upsert(SellerContact(address: "B", order: 1, phone: "555"))
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(SellerContact.self) }, [SellerContact(address: "B", order: 1, phone: "555")])
    }

    func testDeleteByRecordByKeyAndByQuery() throws {
        let deleted = try database.write { db in
            (try db.delete(Item.samples(1)[0]), try db.delete(Item.self, id: 2), try db.delete(Item.self, id: 99))
        }
        XCTAssertEqual([deleted.0, deleted.1, deleted.2], [true, true, false])
        XCTAssertEqual(try database.write { try $0.deleteAll(Item.filter(Column("id") > 8)) }, 2)
        XCTAssertEqual(try database.write { try $0.deleteAll(Item.order(Column("id").desc).limit(2)) }, 2)
        XCTAssertEqual(try database.read { try $0.fetchAll(Item.order(Column("id").asc)) }.map(\.id), [3, 4, 5, 6])
        XCTAssertEqual(try database.write { try $0.deleteAll(Item.self) }, 4)
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 0)
    }

    func testFilterOrderLimitAndOffset() throws {
        let query = Item.filter(Column("price") >= 1.0 && Column("count") != 0).order(Column("count").desc, Column("id").asc).limit(
            3, offset: 1)
        let items = try database.read { try $0.fetchAll(query) }
        // prices id/4 >= 1 -> ids 4...10; counts id % 7 -> 4,5,6,0,1,2,3; nonzero -> 4,5,6,8,9,10
        // by count desc: 6(6) 5(5) 4(4) 10(3) 9(2) 8(1); offset 1 limit 3
        XCTAssertEqual(items.map(\.id), [5, 4, 10])
        XCTAssertEqual(try database.read { try $0.fetchCount(query) }, 3)
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.filter(Column("price") >= 1.0 && Column("count") != 0)) }, 6)
        XCTAssertEqual(try database.read { try $0.fetchOne(query) }?.id, 5)
        XCTAssertEqual(try database.read { try $0.fetchAll(Item.all().limit(0)) }, [])
        XCTAssertEqual(try database.read { try $0.fetchAll(Item.order(Column("id").asc).limit(100, offset: 8)) }.map(\.id), [9, 10])
    }

    func testEveryFilterKind() throws {
        func ids(_ filter: Filter) throws -> [Int64] {
            try database.read { try $0.fetchAll(Item.filter(filter).order(Column("id").asc)) }.map(\.id)
        }
        XCTAssertEqual(try ids(Column("id") == 3), [3])
        XCTAssertEqual(try ids(Column("id") < 3), [1, 2])
        XCTAssertEqual(try ids(Column("id") <= 3 && Column("id") > 1), [2, 3])
        XCTAssertEqual(try ids(Column("id").in([2, 4, 99])), [2, 4])
        XCTAssertEqual(try ids(Column("id").in([Int]())), [])
        XCTAssertEqual(try ids(Column("name").like("item 1%")), [1, 10])
        XCTAssertEqual(try ids(Column("id") == 1 || Column("id") == 10), [1, 10])
        XCTAssertEqual(try ids(!(Column("id") > 2)), [1, 2])
        XCTAssertEqual(try ids(.and([])), Array(1...10))
        XCTAssertEqual(try ids(.or([])), [])

        try database.write { db in
            try db.insert(SellerContact(address: nil, order: 1, phone: "1"))
            try db.insert(SellerContact(address: "A", order: 2, phone: nil))
        }
        let noAddress = try database.read { try $0.fetchAll(SellerContact.filter(Column("address") == nil)) }
        XCTAssertEqual(noAddress.map(\.order), [1])
        let optionalNil: String? = nil
        XCTAssertEqual(try database.read { try $0.fetchAll(SellerContact.filter(Column("phone") == optionalNil)) }.map(\.order), [2])
        XCTAssertEqual(try database.read { try $0.fetchAll(SellerContact.filter(Column("phone") != nil)) }.map(\.order), [1])
    }

    func testIdentifiersAreQuotedAndValuesAreBoundNeverSpliced() throws {
        let hostile = "x'); DROP TABLE items; --"
        try database.write { try $0.insert(Note(id: nil, text: hostile)) }
        XCTAssertEqual(try database.read { try $0.fetchAll(Note.filter(Column("text") == hostile)) }.map(\.text), [hostile])
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 10)
        // "order" is an SQL keyword, and the tutorial's column name.
        try database.write { try $0.insert(SellerContact(address: nil, order: 7, phone: nil)) }
        XCTAssertEqual(try database.read { try $0.fetchAll(SellerContact.order(Column("order").desc)) }.map(\.order), [7])
    }

    func testInvalidQueriesAreTypedErrors() throws {
        XCTAssertThrowsError(try database.read { try $0.fetchAll(Item.all().limit(-1)) }) { error in
            guard case .invalidQuery = error as? PersistenceError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try database.read { try $0.fetchAll(Item.filter(Column("nope") == 1)) }) { error in
            XCTAssertEqual((error as? PersistenceError)?.sqliteError?.message, "no such column: nope")
        }
        XCTAssertThrowsError(try database.read { try $0.fetchRows(sql: "SELECT ?", arguments: []) }) { error in
            guard case .invalidQuery = error as? PersistenceError else { return XCTFail("\(error)") }
        }
        struct Missing: DatabaseRecord {
            static let tableName = "missing"
            var id: Int
        }
        XCTAssertThrowsError(try database.write { try $0.insert(Missing(id: 1)) }) { error in
            XCTAssertEqual((error as? PersistenceError)?.sqliteError?.message, "no such table: missing")
        }
    }

    func testAReadTransactionRefusesToWrite() throws {
        XCTAssertThrowsError(try database.read { try $0.fetchRows(sql: "DELETE FROM items") }) { error in
            XCTAssertEqual(error as? PersistenceError, .writeInReadTransaction(sql: "DELETE FROM items"))
        }
        XCTAssertThrowsError(try database.read { db in try (db as? WriteTransaction)?.insert(Item.samples(1, startingAt: 50)[0]) }) {
            error in
            guard case .writeInReadTransaction = error as? PersistenceError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 10)
    }

    func testRawSQLAndRowsWithArguments() throws {
        try database.write { db in
            try db.execute(
                sql: "INSERT INTO notes (text) VALUES (?); INSERT INTO notes (text) VALUES (?)", arguments: [.text("a"), .text("b")])
        }
        let rows = try database.read {
            try $0.fetchRows(sql: "SELECT id, text FROM notes WHERE text > ? ORDER BY id", arguments: ["a".databaseValue])
        }
        XCTAssertEqual(rows, [Row(columns: ["id", "text"], values: [.integer(2), .text("b")])])
        XCTAssertEqual(try rows[0].decode(Int.self, column: "ID"), 2)
        XCTAssertThrowsError(
            try database.write { try $0.execute(sql: "INSERT INTO notes (text) VALUES (?)", arguments: [.text("a"), .text("b")]) })
        let joined = try database.read {
            try $0.fetchAll(
                Note.self, sql: "SELECT notes.id AS id, items.name AS text FROM notes JOIN items ON items.id = notes.id", arguments: [])
        }
        XCTAssertEqual(joined, [Note(id: 1, text: "item 1"), Note(id: 2, text: "item 2")])
    }

    func testErrorsNeverCarryTheStoredValues() throws {
        let secret = "hunter2-very-secret"
        var errors: [Error] = []
        do {
            try database.write {
                try $0.insert(Note(id: 1, text: secret))
                try $0.insert(Note(id: 1, text: secret))
            }
        } catch { errors.append(error) }
        do {
            try database.write {
                try $0.execute(
                    sql: "INSERT INTO items VALUES (?, ?, ?, ?)", arguments: [.integer(1), .text(secret), .real(1), .integer(1)])
            }
        } catch { errors.append(error) }
        try database.write { try $0.execute(sql: "INSERT INTO notes (id, text) VALUES (2, ?)", arguments: [.text(secret)]) }
        do {
            _ = try database.read {
                try $0.fetchAll(Item.self, sql: "SELECT id, text AS name, text AS price, 1 AS count FROM notes", arguments: [])
            }
        } catch { errors.append(error) }
        // A raw-value enum the stored text does not name: the standard library's message quotes the value.
        struct Tagged: DatabaseRecord {
            enum Kind: String, Codable { case a, b }
            static let tableName = "notes"
            var id: Int
            var text: Kind
        }
        do { _ = try database.read { try $0.fetchAll(Tagged.self) } } catch { errors.append(error) }
        XCTAssertEqual(errors.count, 4)
        for error in errors {
            XCTAssertFalse("\(error)".contains("hunter2"), "\(error)")
            XCTAssertFalse(String(reflecting: error).contains("hunter2"), String(reflecting: error))
        }
    }

    func testForeignKeysAreEnforced() throws {
        try database.write { db in
            try db.execute(sql: "CREATE TABLE parents (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES parents(id))")
        }
        XCTAssertThrowsError(try database.write { try $0.execute(sql: "INSERT INTO children (parent) VALUES (1)") }) { error in
            XCTAssertEqual((error as? PersistenceError)?.resultCode, .constraintForeignKey)
        }
    }

    /// Encodes `extra` only when it has one, and its keys in an order of its choosing.
    private struct Irregular: DatabaseRecord, Equatable {
        static let tableName = "irregular"
        var id: Int64
        var name: String
        var extra: String?
        var nameFirst = false

        enum CodingKeys: String, CodingKey { case id, name, extra }
        enum LegacyKeys: String, CodingKey { case title }

        init(id: Int64, name: String, extra: String?, nameFirst: Bool = false) {
            self.id = id
            self.name = name
            self.extra = extra
            self.nameFirst = nameFirst
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int64.self, forKey: .id)
            extra = try container.decodeIfPresent(String.self, forKey: .extra)
            // A second key type in the same row: the name may sit in a legacy column.
            let legacy = try decoder.container(keyedBy: LegacyKeys.self)
            name = try legacy.decodeIfPresent(String.self, forKey: .title) ?? container.decode(String.self, forKey: .name)
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if nameFirst {
                try container.encode(name, forKey: .name)
                try container.encode(id, forKey: .id)
            } else {
                try container.encode(id, forKey: .id)
                try container.encode(name, forKey: .name)
            }
            if let extra { try container.encode(extra, forKey: .extra) }
        }

        static func == (lhs: Irregular, rhs: Irregular) -> Bool {
            lhs.id == rhs.id && lhs.name == rhs.name && lhs.extra == rhs.extra
        }
    }

    func testRecordsWhoseKeysVaryFromRecordToRecordAreStoredCorrectly() throws {
        try database.write {
            try $0.execute(sql: "CREATE TABLE irregular (id INTEGER PRIMARY KEY, name TEXT NOT NULL, extra TEXT DEFAULT 'default')")
        }
        try database.write { db in
            try db.insert(Irregular(id: 1, name: "a", extra: "x"))
            try db.insert(Irregular(id: 2, name: "b", extra: nil))  // one column fewer: the column's default
            try db.insert(Irregular(id: 3, name: "c", extra: "z", nameFirst: true))  // another order
            try db.insert(Irregular(id: 4, name: "d", extra: "w"))
            try db.update(Irregular(id: 1, name: "a2", extra: nil, nameFirst: true))  // leaves extra alone
            try db.upsert(Irregular(id: 4, name: "d2", extra: "w2"))
        }
        let stored = try database.read { try $0.fetchAll(Irregular.order(Column("id").asc)) }
        XCTAssertEqual(
            stored,
            [
                Irregular(id: 1, name: "a2", extra: "x"), Irregular(id: 2, name: "b", extra: "default"),
                Irregular(id: 3, name: "c", extra: "z"), Irregular(id: 4, name: "d2", extra: "w2"),
            ])
        try database.write {
            try $0.execute(sql: "ALTER TABLE irregular ADD COLUMN title TEXT; UPDATE irregular SET title = 'legacy' WHERE id = 2")
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(Irregular.order(Column("id").asc)) }.map(\.name), ["a2", "legacy", "c", "d2"])
    }

    func testARecordWhoseOnlyColumnIsItsKey() throws {
        struct Tag: DatabaseRecord, Equatable {
            static let tableName = "tags"
            static let primaryKey = "name"
            var name: String
        }
        try database.write { try $0.execute(sql: "CREATE TABLE tags (name TEXT PRIMARY KEY)") }
        try database.write { db in
            try db.insert(Tag(name: "swift"))
            try db.upsert(Tag(name: "swift"))
            try db.update(Tag(name: "swift"))
        }
        XCTAssertThrowsError(try database.write { try $0.update(Tag(name: "missing")) }) { error in
            XCTAssertEqual(error as? PersistenceError, .recordNotFound(table: "tags"))
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(Tag.self) }, [Tag(name: "swift")])
        XCTAssertEqual(try database.write { try $0.delete(Tag(name: "swift")) }, true)
    }

    func testManyRecordsInOneTransactionRoundTrip() throws {
        let many = Item.samples(5_000, startingAt: 100)
        try database.write { db in for item in many { try db.insert(item) } }
        XCTAssertEqual(try database.read { try $0.fetchAll(Item.filter(Column("id") >= 100).order(Column("id").asc)) }, many)
    }
}

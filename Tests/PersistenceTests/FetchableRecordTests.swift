import Persistence
import PersistenceInterface
import XCTest

/// What a record's `Decodable` initializer throws when only its row reader may read it.
private struct NotDecodable: Error {}

/// An item that can only be fetched by reading its row: its `Decodable` initializer always fails.
private protocol RowReadItem: DatabaseRecord, Equatable {
    init(_ item: Item)
    var item: Item { get }
    /// The row it was read from, kept (a copy, for an in-place record).
    var row: Row? { get }
}

extension RowReadItem {
    static var tableName: String { "items" }

    init(from decoder: Decoder) throws { throw NotDecodable() }

    func encode(to encoder: Encoder) throws { try item.encode(to: encoder) }

    static func == (left: Self, right: Self) -> Bool { left.item == right.item }
}

/// A `FetchableRecord` is read with `init(row:)`, and an `InPlaceFetchableRecord` with
/// `init(columns:)`, wherever records are fetched, never with their `Decodable` initializer; each
/// record gets its own row.
final class FetchableRecordTests: XCTestCase {
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        database = try .withSampleItems(5)
    }

    override func tearDown() {
        database = nil
    }

    /// Read with `init(row:)`.
    private struct RowItem: RowReadItem, FetchableRecord {
        var item: Item
        var row: Row?

        init(_ item: Item) {
            self.item = item
        }

        init(row: Row) throws {
            item = try Item(
                id: row.decode(at: 0), name: row.decode(column: "name"), price: row.decode(column: "PRICE"), count: row.decode(at: 3))
            self.row = row
        }
    }

    /// Read with `init(columns:)`.
    private struct InPlaceItem: RowReadItem, InPlaceFetchableRecord {
        var item: Item
        var row: Row?

        init(_ item: Item) {
            self.item = item
        }

        init(columns: borrowing RowColumns) throws {
            item = try Item(
                id: columns.decode(at: 0), name: columns.decode(column: "name"), price: columns.decode(column: "PRICE"),
                count: columns.decode(at: 3))
            row = columns.row
        }
    }

    private func assertEveryKindOfFetchReadsTheRecordFromItsRow<Record: RowReadItem>(_ type: Record.Type, line: UInt = #line) throws {
        let database = try SQLiteDatabase.withSampleItems(5)
        let expected = Item.samples(5).map(Record.init)
        XCTAssertEqual(try database.read { try $0.fetchAll(Record.order(Column("id").asc)) }, expected, line: line)
        XCTAssertEqual(try database.read { try $0.fetchOne(Record.self, id: 3) }, expected[2], line: line)
        XCTAssertEqual(
            try database.read {
                try $0.fetchAll(Record.self, sql: "SELECT * FROM items WHERE count > ? ORDER BY id", arguments: [.integer(2)])
            },
            expected.filter { $0.item.count > 2 }, line: line)
        let recorder = Recorder<[Record]>()
        let subscription = recorder.record(database.observe(Record.order(Column("id").asc)))
        defer { subscription.dispose() }
        XCTAssertEqual(recorder.waitForValues(1), [expected], line: line)
        try database.write { try $0.update(Item(id: 1, name: "renamed \(Record.self)", price: 1, count: 1)) }
        XCTAssertEqual(recorder.waitForValues(2).last?.first?.item.name, "renamed \(Record.self)", line: line)
    }

    func testEveryKindOfFetchReadsTheRecordFromItsRow() throws {
        try assertEveryKindOfFetchReadsTheRecordFromItsRow(RowItem.self)
        try assertEveryKindOfFetchReadsTheRecordFromItsRow(InPlaceItem.self)
    }

    /// A statement keeps the way its last fetch read a row (a record type's conformance is looked up
    /// once): the same SQL fetched as each kind of record in turn reads each its own way.
    func testOneStatementFetchedAsEachKindOfRecordReadsEachItsOwnWay() throws {
        // The same layout, so that a record read the wrong way would not crash but say so.
        struct Decoded: DatabaseRecord {
            static let tableName = "items"
            var id: Int64
            var way = "decoder"
            private enum CodingKeys: String, CodingKey { case id }
        }
        struct Read: DatabaseRecord, FetchableRecord {
            static let tableName = "items"
            var id: Int64
            var way = "row"
            init(row: Row) throws { id = try row.decode(at: 0) }
            init(from decoder: Decoder) throws { throw NotDecodable() }
        }
        struct ReadInPlace: DatabaseRecord, InPlaceFetchableRecord {
            static let tableName = "items"
            var id: Int64
            var way = "in place"
            init(columns: borrowing RowColumns) throws { id = try columns.decode(at: 0) }
            init(from decoder: Decoder) throws { throw NotDecodable() }
        }
        let sql = "SELECT id FROM items ORDER BY id"
        // One read: one connection, so one cached statement.
        let ways = try database.read { db in
            try (0..<2).flatMap { _ in
                [
                    try db.fetchAll(ReadInPlace.self, sql: sql, arguments: []).map { "\($0.id) \($0.way)" },
                    try db.fetchAll(Decoded.self, sql: sql, arguments: []).map { "\($0.id) \($0.way)" },
                    try db.fetchAll(Read.self, sql: sql, arguments: []).map { "\($0.id) \($0.way)" },
                ]
            }
        }
        let expected = ["in place", "decoder", "row"].map { way in (1...5).map { "\($0) \(way)" } }
        XCTAssertEqual(ways, expected + expected)
    }

    func testEachRecordKeepsTheRowItWasReadFrom() throws {
        for records in [
            try database.read { try $0.fetchAll(RowItem.order(Column("id").asc)) }.map(\.row),
            try database.read { try $0.fetchAll(InPlaceItem.order(Column("id").asc)) }.map(\.row),
        ] {
            XCTAssertEqual(records.map { $0?.columns }, Array(repeating: ["id", "name", "price", "count"], count: 5))
            XCTAssertEqual(
                records.map { $0?.values },
                Item.samples(5).map { [.integer($0.id), .text($0.name), .real($0.price), .integer(Int64($0.count))] })
        }
    }

    func testAnInitializerThatThrowsFailsTheFetchWithItsError() throws {
        struct Refusing: DatabaseRecord, FetchableRecord {
            static let tableName = "items"
            var id: Int64
            init(row: Row) throws {
                id = try row.decode(at: 0)
                if id == 3 { throw NotDecodable() }
            }
        }
        struct RefusingInPlace: DatabaseRecord, InPlaceFetchableRecord {
            static let tableName = "items"
            var id: Int64
            init(columns: borrowing RowColumns) throws {
                id = try columns.decode(at: 0)
                if id == 3 { throw NotDecodable() }
            }
        }
        let failures = [
            ("Refusing", Result { try database.read { try $0.fetchAll(Refusing.self) } }.map { _ in () }),
            ("RefusingInPlace", Result { try database.read { try $0.fetchAll(RefusingInPlace.self) } }.map { _ in () }),
        ]
        for (name, result) in failures {
            guard case .failure(PersistenceError.decoding(let type, nil, _)) = result else { return XCTFail("\(name): \(result)") }
            XCTAssertTrue(type.contains(name), type)
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(InPlaceItem.self) }.count, 5, "the statement reads again after a failed fetch")
    }

    func testAValueOfTheWrongTypeFailsTheFetchNamingItsColumn() throws {
        struct WrongType: DatabaseRecord, FetchableRecord {
            static let tableName = "items"
            var name: Int
            init(row: Row) throws { name = try row.decode(at: 1) }
        }
        struct WrongTypeInPlace: DatabaseRecord, InPlaceFetchableRecord {
            static let tableName = "items"
            var name: Int
            init(columns: borrowing RowColumns) throws { name = try columns.decode(at: 1) }
        }
        let wrongType = PersistenceError.decoding(type: "Int", column: "name", reason: "cannot convert TEXT losslessly")
        XCTAssertThrowsError(try database.read { try $0.fetchAll(WrongType.self) }) { XCTAssertEqual($0 as? PersistenceError, wrongType) }
        XCTAssertThrowsError(try database.read { try $0.fetchAll(WrongTypeInPlace.self) }) {
            XCTAssertEqual($0 as? PersistenceError, wrongType)
        }
        XCTAssertThrowsError(try database.read { try $0.fetchAll(WrongTypeInPlace.self, sql: "SELECT name FROM items", arguments: []) }) {
            error in
            XCTAssertEqual(error as? PersistenceError, .decoding(type: "Int", column: nil, reason: "the row has no column 1 (it has 1)"))
        }
    }

    func testANewColumnReachesTheNextFetchsRows() throws {
        struct Titled: DatabaseRecord, FetchableRecord {
            static let tableName = "items"
            var id: Int64
            var title: String?
            init(row: Row) throws {
                id = try row.decode(column: "id")
                title = row["title"].flatMap { String.fromDatabaseValue($0) }
            }
        }
        struct TitledInPlace: DatabaseRecord, InPlaceFetchableRecord {
            static let tableName = "items"
            var id: Int64
            var title: String?
            init(columns: borrowing RowColumns) throws {
                id = try columns.decode(column: "id")
                title = columns.count > 4 ? try columns.decode(column: "title") : nil
            }
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(Titled.self) }.map(\.title), [nil, nil, nil, nil, nil])
        XCTAssertEqual(try database.read { try $0.fetchAll(TitledInPlace.self) }.map(\.title), [nil, nil, nil, nil, nil])
        try database.write {
            try $0.execute(sql: "ALTER TABLE items ADD COLUMN title TEXT; UPDATE items SET title = 'new ' || id WHERE id > 2")
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(Titled.self) }.map(\.title), [nil, nil, "new 3", "new 4", "new 5"])
        XCTAssertEqual(try database.read { try $0.fetchAll(TitledInPlace.self) }.map(\.title), [nil, nil, "new 3", "new 4", "new 5"])
    }
}

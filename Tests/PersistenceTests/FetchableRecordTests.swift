import Persistence
import PersistenceInterface
import XCTest

/// A `FetchableRecord` is read with `init(row:)` wherever records are fetched, never with its
/// `Decodable` initializer; each record gets its own row.
final class FetchableRecordTests: XCTestCase {
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        database = try .withSampleItems(5)
    }

    override func tearDown() {
        database = nil
    }

    private struct NotDecodable: Error {}

    /// An item whose `Decodable` initializer always fails: it can only be fetched through `init(row:)`.
    private struct RowItem: DatabaseRecord, FetchableRecord, Equatable {
        static let tableName = "items"
        var id: Int64
        var name: String
        var price: Double
        var count: Int
        /// The row it was read from, kept.
        var row: Row?

        init(_ item: Item, row: Row? = nil) {
            (id, name, price, count, self.row) = (item.id, item.name, item.price, item.count, row)
        }

        init(row: Row) throws {
            id = try row.decode(at: 0)
            name = try row.decode(column: "name")
            price = try row.decode(column: "PRICE")
            count = try row.decode(at: 3)
            self.row = row
        }

        init(from decoder: Decoder) throws { throw NotDecodable() }

        func encode(to encoder: Encoder) throws {
            try Item(id: id, name: name, price: price, count: count).encode(to: encoder)
        }

        static func == (left: RowItem, right: RowItem) -> Bool {
            (left.id, left.name, left.price, left.count) == (right.id, right.name, right.price, right.count)
        }
    }

    func testEveryKindOfFetchReadsTheRecordFromItsRow() throws {
        let expected = Item.samples(5).map { RowItem($0) }
        XCTAssertEqual(try database.read { try $0.fetchAll(RowItem.order(Column("id").asc)) }, expected)
        XCTAssertEqual(try database.read { try $0.fetchOne(RowItem.self, id: 3) }, expected[2])
        XCTAssertEqual(
            try database.read { try $0.fetchAll(RowItem.self, sql: "SELECT * FROM items WHERE count > ? ORDER BY id", arguments: [.integer(2)]) },
            expected.filter { $0.count > 2 })
        let recorder = Recorder<[RowItem]>()
        let subscription = recorder.record(database.observe(RowItem.order(Column("id").asc)))
        defer { subscription.dispose() }
        XCTAssertEqual(recorder.waitForValues(1), [expected])
        try database.write { try $0.update(Item(id: 1, name: "renamed", price: 1, count: 1)) }
        XCTAssertEqual(recorder.waitForValues(2).last?.first?.name, "renamed")
    }

    func testEachRecordKeepsTheRowItWasReadFrom() throws {
        let records = try database.read { try $0.fetchAll(RowItem.order(Column("id").asc)) }
        XCTAssertEqual(records.map { $0.row?.columns }, Array(repeating: ["id", "name", "price", "count"], count: 5))
        XCTAssertEqual(records.map { $0.row?.values[1] }, Item.samples(5).map { .text($0.name) })
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
        XCTAssertThrowsError(try database.read { try $0.fetchAll(Refusing.self) }) { error in
            guard case .decoding(let type, nil, _)? = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertTrue(type.contains("Refusing"), type)
        }
        struct WrongType: DatabaseRecord, FetchableRecord {
            static let tableName = "items"
            var name: Int
            init(row: Row) throws { name = try row.decode(at: 1) }
        }
        XCTAssertThrowsError(try database.read { try $0.fetchAll(WrongType.self) }) { error in
            XCTAssertEqual(error as? PersistenceError, .decoding(type: "Int", column: "name", reason: "cannot convert TEXT losslessly"))
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
        XCTAssertEqual(try database.read { try $0.fetchAll(Titled.self) }.map(\.title), [nil, nil, nil, nil, nil])
        try database.write { try $0.execute(sql: "ALTER TABLE items ADD COLUMN title TEXT; UPDATE items SET title = 'new ' || id") }
        XCTAssertEqual(try database.read { try $0.fetchAll(Titled.self) }.map(\.title), (1...5).map { "new \($0)" })
    }
}

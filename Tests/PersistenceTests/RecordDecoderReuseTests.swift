import Persistence
import PersistenceInterface
import XCTest

/// A statement keeps its last fetch's decoder, and a decoder finds a key's column by the key's bits
/// once it found it by name: neither may hand a field another column's value.
final class RecordDecoderReuseTests: XCTestCase {
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        database = try .withSampleItems(5)
    }

    override func tearDown() {
        database = nil
    }

    /// Fetches the records in key order twice (the second fetch reuses the first one's decoder, which
    /// by then knows where each key is) and compares both with `expected`.
    private func assertFetchedTwice<Record: DatabaseRecord & Equatable>(_ expected: [Record], line: UInt = #line) throws {
        for _ in 0..<2 {
            XCTAssertEqual(try database.read { try $0.fetchAll(Record.order(Column("id").asc)) }, expected, line: line)
        }
    }

    /// Two record types of one table share the statement `SELECT * FROM "items"`.
    private struct ItemName: DatabaseRecord, Equatable {
        static let tableName = "items"
        var id: Int64
        var name: String
    }

    private struct ItemCount: DatabaseRecord, Equatable {
        static let tableName = "items"
        var count: Int
        var id: Int64
    }

    func testRecordTypesTakingTurnsOnOneStatementEachGetTheirOwnColumns() throws {
        let items = Item.samples(5)
        for _ in 0..<3 {
            XCTAssertEqual(try database.read { try $0.fetchAll(ItemName.self) }, items.map { ItemName(id: $0.id, name: $0.name) })
            XCTAssertEqual(try database.read { try $0.fetchAll(ItemCount.self) }, items.map { ItemCount(count: $0.count, id: $0.id) })
            XCTAssertEqual(try database.read { try $0.fetchAll(Item.self) }, items)
        }
    }

    /// Keys asked against the column order, in another ASCII case, one of them twice.
    private struct Shuffled: DatabaseRecord, Equatable {
        static let tableName = "items"
        var id: Int64
        var name: String
        var price: Double
        var count: Int
        var countAgain: Int

        enum CodingKeys: String, CodingKey {
            case id
            case name = "NAME"
            case price = "Price"
            case count
        }

        init(id: Int64, name: String, price: Double, count: Int) {
            (self.id, self.name, self.price, self.count, countAgain) = (id, name, price, count, count)
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = try container.decode(Int.self, forKey: .count)
            price = try container.decode(Double.self, forKey: .price)
            countAgain = try container.decode(Int.self, forKey: .count)
            name = try container.decode(String.self, forKey: .name)
            id = try container.decode(Int64.self, forKey: .id)
        }
    }

    func testKeysAskedOutOfOrderAndInAnotherCaseFindTheirColumnsOnEveryRow() throws {
        try assertFetchedTwice(Item.samples(5).map { Shuffled(id: $0.id, name: $0.name, price: $0.price, count: $0.count) })
    }

    /// Two key types whose cases have the same bits (`id` and `price` are both case 0, and so on).
    private struct TwoKeyTypes: DatabaseRecord, Equatable {
        static let tableName = "items"
        var id: Int64
        var name: String
        var price: Double
        var count: Int

        enum CodingKeys: CodingKey { case id, name }
        enum MoreKeys: CodingKey { case price, count }

        init(id: Int64, name: String, price: Double, count: Int) {
            (self.id, self.name, self.price, self.count) = (id, name, price, count)
        }

        init(from decoder: Decoder) throws {
            let first = try decoder.container(keyedBy: CodingKeys.self)
            let more = try decoder.container(keyedBy: MoreKeys.self)
            price = try more.decode(Double.self, forKey: .price)
            id = try first.decode(Int64.self, forKey: .id)
            count = try more.decode(Int.self, forKey: .count)
            name = try first.decode(String.self, forKey: .name)
        }
    }

    func testKeysOfTwoTypesWithTheSameBitsAreToldApart() throws {
        try assertFetchedTwice(Item.samples(5).map { TwoKeyTypes(id: $0.id, name: $0.name, price: $0.price, count: $0.count) })
    }

    /// A key that is not a trivial type (it holds a string) is always looked up by name.
    private struct NamedKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct ByName: DatabaseRecord, Equatable {
        static let tableName = "items"
        var name: String
        var id: Int64

        init(name: String, id: Int64) {
            (self.name, self.id) = (name, id)
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: NamedKey.self)
            name = try container.decode(String.self, forKey: NamedKey(stringValue: "name"))
            id = try container.decode(Int64.self, forKey: NamedKey(stringValue: "id"))
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            try container.encode(name, forKey: NamedKey(stringValue: "name"))
            try container.encode(id, forKey: NamedKey(stringValue: "id"))
        }
    }

    func testKeysOfANonTrivialTypeAreFoundByName() throws {
        try assertFetchedTwice(Item.samples(5).map { ByName(name: $0.name, id: $0.id) })
    }

    func testADecoderKeptFromBeforeASchemaChangeReadsTheNewColumns() throws {
        struct Titled: DatabaseRecord, Equatable {
            static let tableName = "items"
            var id: Int64
            var title: String?
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(Titled.self) }.map(\.title), [nil, nil, nil, nil, nil])
        try database.write { try $0.execute(sql: "ALTER TABLE items ADD COLUMN title TEXT; UPDATE items SET title = 'new ' || id") }
        XCTAssertEqual(try database.read { try $0.fetchAll(Titled.self) }.map(\.title), (1...5).map { "new \($0)" })
        try database.write { try $0.execute(sql: "ALTER TABLE items DROP COLUMN title") }
        XCTAssertEqual(try database.read { try $0.fetchAll(Titled.self) }.map(\.title), [nil, nil, nil, nil, nil])
    }
}

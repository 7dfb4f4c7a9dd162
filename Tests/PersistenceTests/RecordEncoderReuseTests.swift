import Persistence
import PersistenceInterface
import XCTest

/// A record type's cached statement binds a key's value by the key's bits once it found the key's
/// column by name: no value may reach another column, whatever keys the next records use.
final class RecordEncoderReuseTests: XCTestCase {
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        database = try .inMemory(migrations: TestSchema.all)
    }

    override func tearDown() {
        database = nil
    }

    private func storedItems() throws -> [Item] {
        try database.read { try $0.fetchAll(Item.order(Column("id").asc)) }
    }

    /// An item that encodes itself with one of two key types whose cases have the same bits:
    /// `Forward`'s first case is `id`, `Backward`'s is `name`.
    private struct TwoKeyTypes: DatabaseRecord {
        static let tableName = "items"
        var item: Item
        var backward: Bool

        enum Forward: CodingKey { case id, name, price, count }
        enum Backward: CodingKey { case name, id, price, count }

        init(_ item: Item, backward: Bool) {
            self.item = item
            self.backward = backward
        }

        init(from decoder: Decoder) throws {
            item = try Item(from: decoder)
            backward = false
        }

        func encode(to encoder: Encoder) throws {
            // Each key type in its own case order: the cases with the same bits name other columns.
            if backward {
                var container = encoder.container(keyedBy: Backward.self)
                try container.encodeItem(item, keys: (.id, .name, .price, .count), nameFirst: true)
            } else {
                var container = encoder.container(keyedBy: Forward.self)
                try container.encodeItem(item, keys: (.id, .name, .price, .count), nameFirst: false)
            }
        }
    }

    func testAKeyOfAnotherTypeWithTheSameBitsIsNotTakenForTheKnownOne() throws {
        let items = Item.samples(7)
        // The first record makes the statement and the second teaches it `Forward`'s bits; then
        // `Backward.name`, with `Forward.id`'s bits, comes where `id` is expected.
        let backward = [false, false, true, false, false, true, true]
        let records = zip(items, backward).map { TwoKeyTypes($0, backward: $1) }
        try database.write { db in for record in records { try db.insert(record) } }
        XCTAssertEqual(try storedItems(), items)
    }

    /// An item that writes its name before its id when told to.
    private struct ChangingOrder: DatabaseRecord {
        static let tableName = "items"
        var item: Item
        var nameFirst: Bool

        init(from decoder: Decoder) throws {
            item = try Item(from: decoder)
            nameFirst = false
        }

        init(_ item: Item, nameFirst: Bool) {
            self.item = item
            self.nameFirst = nameFirst
        }

        enum CodingKeys: CodingKey { case id, name, price, count }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeItem(item, keys: (.id, .name, .price, .count), nameFirst: nameFirst)
        }
    }

    func testAKnownKeyOutOfPlaceStillReachesItsOwnColumn() throws {
        let items = Item.samples(8)
        // Two records in one order teach the statement the keys' bits; then the order changes.
        let nameFirst = [false, false, true, false, false, true, true, false]
        try database.write { db in for (item, first) in zip(items, nameFirst) { try db.insert(ChangingOrder(item, nameFirst: first)) } }
        XCTAssertEqual(try storedItems(), items)
        // The update statement learns and falls back the same way.
        let renamed = items.map { Item(id: $0.id, name: "renamed \($0.id)", price: $0.price + 1, count: $0.count) }
        try database.write { db in for (item, first) in zip(renamed, nameFirst) { try db.update(ChangingOrder(item, nameFirst: first)) } }
        XCTAssertEqual(try storedItems(), renamed)
    }

    /// A key that holds a string, so it has no bits to go by.
    private struct NamedKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct ByName: DatabaseRecord {
        static let tableName = "items"
        var item: Item
        var columnOrder: [String]

        init(from decoder: Decoder) throws {
            item = try Item(from: decoder)
            columnOrder = []
        }

        init(_ item: Item, columnOrder: [String]) {
            self.item = item
            self.columnOrder = columnOrder
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            for column in columnOrder {
                let key = NamedKey(stringValue: column)
                switch column {
                case "id": try container.encode(item.id, forKey: key)
                case "name": try container.encode(item.name, forKey: key)
                case "price": try container.encode(item.price, forKey: key)
                default: try container.encode(item.count, forKey: key)
                }
            }
        }
    }

    func testKeysOfANonTrivialTypeAreComparedByName() throws {
        let items = Item.samples(5)
        let forward = ["id", "name", "price", "count"]
        let backward = ["name", "id", "price", "count"]
        let orders = [forward, forward, forward, backward, forward]
        try database.write { db in
            for (item, order) in zip(items, orders) { try db.insert(ByName(item, columnOrder: order)) }
        }
        XCTAssertEqual(try storedItems(), items)
    }
}

extension KeyedEncodingContainer {
    /// Encodes an item's fields under `keys` (for its id, name, price and count), its name before
    /// its id when `nameFirst`.
    fileprivate mutating func encodeItem(_ item: Item, keys: (id: Key, name: Key, price: Key, count: Key), nameFirst: Bool) throws {
        if nameFirst {
            try encode(item.name, forKey: keys.name)
            try encode(item.id, forKey: keys.id)
        } else {
            try encode(item.id, forKey: keys.id)
            try encode(item.name, forKey: keys.name)
        }
        try encode(item.price, forKey: keys.price)
        try encode(item.count, forKey: keys.count)
    }
}

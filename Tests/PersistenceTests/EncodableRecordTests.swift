import Persistence
import PersistenceInterface
import XCTest

/// What a record's `Encodable` conformance throws when only `encode(to container:)` may write it.
private struct NotEncodable: Error {}

/// What a record's `encode(to container:)` throws when it refuses to be written.
private struct Refused: Error {}

/// An item only `encode(to container:)` can write: its `Encodable` conformance always fails.
private struct ContainerItem: EncodableRecord {
    static let tableName = "items"
    var item: Item

    init(_ item: Item) {
        self.item = item
    }

    func encode(to encoder: Encoder) throws { throw NotEncodable() }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = item.id
        container["name"] = item.name
        container[Column("price")] = item.price
        container["count"] = item.count
    }
}

/// A seller contact that writes only the columns it has a value for, in an order of its own.
private struct SparseContact: EncodableRecord {
    static let tableName = "sellerContacts"
    static let primaryKey = "order"
    var order: Int16
    var address: String?
    var phone: String?

    func encode(to encoder: Encoder) throws { throw NotEncodable() }

    func encode(to container: inout PersistenceContainer) {
        if order.isMultiple(of: 2), let phone { container["phone"] = phone }
        container["order"] = order
        if let address { container["address"] = address }
        if !order.isMultiple(of: 2), let phone { container["phone"] = phone }
    }
}

/// A reading that may be missing or NaN, in a table of its own.
private struct Measure: EncodableRecord {
    static let tableName = "measures"
    static let schema = Migration("createMeasures", sql: "CREATE TABLE measures (id INTEGER PRIMARY KEY, value REAL)")
    var id: Int64
    var value: Double?

    func encode(to encoder: Encoder) throws { throw NotEncodable() }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["value"] = value
    }
}

/// An `EncodableRecord` is written with `encode(to container:)` by every write of a record, never
/// with its `Encodable` conformance: bound to the statement of the previous record when its columns
/// are that statement's, written with a statement of its own when they are not.
final class EncodableRecordTests: XCTestCase {
    private func items(_ database: SQLiteDatabase) throws -> [Item] {
        try database.read { try $0.fetchAll(Item.order(Column("id").asc)) }
    }

    func testEveryWriteOfARecordGoesThroughItsContainer() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        // Several of each in one transaction: the first of a kind makes the statement, the next bind to it.
        let rowids = try database.write { db in try Item.samples(5).map { try db.insert(ContainerItem($0)) } }
        XCTAssertEqual(rowids, [1, 2, 3, 4, 5])
        try database.write { db in
            for id: Int64 in [2, 3] { try db.update(ContainerItem(Item(id: id, name: "updated \(id)", price: 9, count: 9))) }
            for id: Int64 in [4, 6] { try db.upsert(ContainerItem(Item(id: id, name: "upserted \(id)", price: 8, count: 8))) }
            XCTAssertTrue(try db.delete(ContainerItem(Item.samples(1)[0])))
            XCTAssertTrue(try db.delete(ContainerItem(Item.samples(5)[4])))
            XCTAssertFalse(try db.delete(ContainerItem(Item(id: 99, name: "", price: 0, count: 0))))
        }
        XCTAssertThrowsError(try database.write { db in try db.update(ContainerItem(Item(id: 99, name: "", price: 0, count: 0))) }) {
            XCTAssertEqual($0 as? PersistenceError, .recordNotFound(table: "items"))
        }
        XCTAssertEqual(
            try items(database),
            [
                Item(id: 2, name: "updated 2", price: 9, count: 9), Item(id: 3, name: "updated 3", price: 9, count: 9),
                Item(id: 4, name: "upserted 4", price: 8, count: 8), Item(id: 6, name: "upserted 6", price: 8, count: 8),
            ])
    }

    func testRecordsWhoseColumnsDifferAreEachWrittenWithTheirOwn() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        let contacts = (1...8).map { (order: Int) -> SparseContact in
            let address: String? = order % 3 == 0 ? nil : "street \(order)"
            let phone: String? = order % 4 == 1 ? nil : "phone \(order)"
            return SparseContact(order: Int16(order), address: address, phone: phone)
        }
        try database.write { db in for contact in contacts { try db.insert(contact) } }
        try database.write { db in
            for contact in contacts where contact.order > 4 {
                try db.upsert(SparseContact(order: contact.order, address: "moved \(contact.order)", phone: nil))
            }
        }
        let stored = try database.read { try $0.fetchAll(SellerContact.order(Column("order").asc)) }
        XCTAssertEqual(
            stored,
            contacts.map { contact in
                contact.order > 4
                    ? SellerContact(address: "moved \(contact.order)", order: contact.order, phone: contact.phone)
                    : SellerContact(address: contact.address, order: contact.order, phone: contact.phone)
            })
    }

    func testAColumnWrittenAgainTakesTheLastValueAndKeepsItsPlace() throws {
        struct Renamed: EncodableRecord {
            static let tableName = "items"
            var item: Item
            func encode(to encoder: Encoder) throws { throw NotEncodable() }
            func encode(to container: inout PersistenceContainer) {
                container["id"] = item.id
                container["name"] = "draft"
                container["price"] = item.price
                container["count"] = item.count
                container["name"] = item.name
            }
        }
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        try database.write { db in for item in Item.samples(3) { try db.insert(Renamed(item: item)) } }
        XCTAssertEqual(try items(database), Item.samples(3))
        let columns = try database.read { try $0.fetchRows(sql: "SELECT * FROM items LIMIT 1") }.first?.columns
        XCTAssertEqual(columns, ["id", "name", "price", "count"])
    }

    func testAColumnReadBackGivesWhatTheRecordWroteToIt() throws {
        /// Its count is its name's length, read back; its price is the count read before it was written.
        struct Derived: EncodableRecord {
            static let tableName = "items"
            var id: Int64
            var name: String
            func encode(to encoder: Encoder) throws { throw NotEncodable() }
            func encode(to container: inout PersistenceContainer) {
                container["id"] = id
                container["name"] = name
                container["price"] = container["count"] as Double? ?? 0.5
                container["count"] = (container["name"] as String?)?.count ?? -1
            }
        }
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        let names = ["a", "bb", "ccc", "dddd", "eeeee"]
        // The first makes the statement, the second reads back while binding, the rest bind keeping their values.
        try database.write { db in for (offset, name) in names.enumerated() { try db.insert(Derived(id: Int64(offset + 1), name: name)) } }
        XCTAssertEqual(try items(database), names.enumerated().map { Item(id: Int64($0 + 1), name: $1, price: 0.5, count: $1.count) })
    }

    func testAnEncodingErrorFailsTheWriteAndWritesNothing() throws {
        struct Refusing: EncodableRecord {
            static let tableName = "items"
            var item: Item
            func encode(to encoder: Encoder) throws { throw NotEncodable() }
            func encode(to container: inout PersistenceContainer) throws {
                container["id"] = item.id
                if item.id == 13 { throw Refused() }
                container["name"] = item.name
                container["price"] = item.price
                container["count"] = item.count
            }
        }
        let database = try SQLiteDatabase.withSampleItems(5)
        XCTAssertThrowsError(
            try database.write { db in for item in Item.samples(5, startingAt: 10) { try db.insert(Refusing(item: item)) } }
        ) { error in
            guard case PersistenceError.encoding(let type, nil, _)? = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertTrue(type.contains("Refusing"), type)
        }
        XCTAssertEqual(try items(database), Item.samples(5))
        // The connection writes again after the failure, through the same statements.
        try database.write { db in for item in Item.samples(2, startingAt: 10) { try db.insert(Refusing(item: item)) } }
        XCTAssertEqual(try items(database), Item.samples(5) + Item.samples(2, startingAt: 10))
    }

    func testNilAndNaNAreWrittenAsNull() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [Measure.schema])
        try database.write { db in
            for (id, value) in [(1, 1.5), (2, nil), (3, .nan), (4, 2.5)] as [(Int64, Double?)] {
                try db.insert(Measure(id: id, value: value))
            }
            try db.update(Measure(id: 4, value: nil))
        }
        let values = try database.read { try $0.fetchRows(sql: "SELECT value FROM measures ORDER BY id") }.map { $0.values }
        XCTAssertEqual(values, [[.real(1.5)], [.null], [.null], [.null]])
    }

    func testAnObservationSeesWhatTheContainerWrote() throws {
        let database = try SQLiteDatabase.withSampleItems(2)
        let recorder = Recorder<[Item]>()
        let subscription = recorder.record(database.observe(Item.order(Column("id").asc)))
        defer { subscription.dispose() }
        XCTAssertEqual(recorder.waitForValues(1), [Item.samples(2)])
        let renamed = Item(id: 2, name: "renamed", price: 1, count: 1)
        try database.write { try $0.update(ContainerItem(renamed)) }
        XCTAssertEqual(recorder.waitForValues(2).last, [Item.samples(1)[0], renamed])
    }
}

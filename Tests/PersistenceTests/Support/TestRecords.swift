import Foundation
import Persistence
import PersistenceInterface

/// A menu item: the benchmark's shape (id, name, price, count).
struct Item: DatabaseRecord, Equatable {
    static let tableName = "items"
    var id: Int64
    var name: String
    var price: Double
    var count: Int
}

/// A row of a table that item observations do not read.
struct Note: DatabaseRecord, Equatable {
    static let tableName = "notes"
    var id: Int64?
    var text: String
}

/// The seed's model: `SellerContacts` with `address: String?`, `order: Int16`, `phone: String?`.
struct SellerContact: DatabaseRecord, Equatable {
    static let tableName = "sellerContacts"
    static let primaryKey = "order"
    var address: String?
    var order: Int16
    var phone: String?
}

/// Every column type the issue lists, each also optional, plus the ones a record commonly adds.
struct AllTypes: DatabaseRecord, Equatable {
    enum Kind: String, Codable, Sendable { case plain, special }
    struct Nested: Codable, Equatable, Sendable {
        var label: String
        var values: [Int]
    }

    static let tableName = "allTypes"
    var id: Int
    var int16: Int16
    var int64: Int64
    var double: Double
    var bool: Bool
    var string: String
    var data: Data
    var date: Date
    var optionalInt: Int?
    var optionalInt16: Int16?
    var optionalInt64: Int64?
    var optionalDouble: Double?
    var optionalBool: Bool?
    var optionalString: String?
    var optionalData: Data?
    var optionalDate: Date?
    var int8: Int8
    var int32: Int32
    var uint8: UInt8
    var uint32: UInt32
    var uint64: UInt64
    var float: Float
    var uuid: UUID
    var url: URL
    var kind: Kind
    var optionalKind: Kind?
    var tags: [String]
    var nested: Nested
    var optionalNested: Nested?
}

/// The schema of the tests.
enum TestSchema {
    static let items = Migration(
        "createItems", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL, count INTEGER NOT NULL)")
    static let notes = Migration("createNotes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
    static let sellerContacts = Migration(
        "createSellerContacts", sql: "CREATE TABLE sellerContacts (\"order\" INTEGER PRIMARY KEY, address TEXT, phone TEXT)")
    static let allTypes = Migration(
        "createAllTypes",
        sql: """
            CREATE TABLE allTypes (
                id INTEGER PRIMARY KEY, int16 INTEGER NOT NULL, int64 INTEGER NOT NULL, double REAL NOT NULL,
                bool INTEGER NOT NULL, string TEXT NOT NULL, data BLOB NOT NULL, date REAL NOT NULL,
                optionalInt INTEGER, optionalInt16 INTEGER, optionalInt64 INTEGER, optionalDouble REAL, optionalBool INTEGER,
                optionalString TEXT, optionalData BLOB, optionalDate REAL,
                int8 INTEGER NOT NULL, int32 INTEGER NOT NULL, uint8 INTEGER NOT NULL, uint32 INTEGER NOT NULL,
                uint64 INTEGER NOT NULL, float REAL NOT NULL, uuid TEXT NOT NULL, url TEXT NOT NULL, kind TEXT NOT NULL,
                optionalKind TEXT, tags TEXT NOT NULL, nested TEXT NOT NULL, optionalNested TEXT)
            """)

    static let all = [items, notes, sellerContacts, allTypes]
}

extension Item {
    /// Items 1...count named "item <id>".
    static func samples(_ count: Int, startingAt first: Int64 = 1) -> [Item] {
        (first..<(first + Int64(count))).map { Item(id: $0, name: "item \($0)", price: Double($0) / 4, count: Int($0 % 7)) }
    }
}

extension SQLiteDatabase {
    /// An in-memory database with the test schema and `Item.samples(count)` in it.
    static func withSampleItems(_ count: Int) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        try database.write { db in for item in Item.samples(count) { try db.insert(item) } }
        return database
    }
}

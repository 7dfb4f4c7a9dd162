import Foundation
import Persistence
import PersistenceInterface
import XCTest

/// Every column type stored and read back unchanged, in memory and in a file.
final class RoundTripTests: XCTestCase {
    private func samples() -> [AllTypes] {
        let everything = AllTypes(
            id: 1, int16: .max, int64: .max, double: .pi, bool: true, string: "héllo wörld 🍕", data: Data([0, 1, 2, 254, 255]),
            date: Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_789),
            optionalInt: .min, optionalInt16: .min, optionalInt64: .min, optionalDouble: -.infinity, optionalBool: false,
            optionalString: "", optionalData: Data(), optionalDate: Date(timeIntervalSince1970: 0),
            int8: .min, int32: .max, uint8: .max, uint32: .max, uint64: UInt64(Int64.max), float: 0.1,
            uuid: UUID(), url: URL(string: "https://example.com/a%20b?q=1#frag")!, kind: .special, optionalKind: .plain,
            tags: ["a", "b", ""], nested: AllTypes.Nested(label: "n", values: [1, -2, 3]),
            optionalNested: AllTypes.Nested(label: "", values: []))
        let nils = AllTypes(
            id: 2, int16: .min, int64: .min, double: .leastNonzeroMagnitude, bool: false, string: "a\u{0}b",
            data: Data(repeating: 7, count: 100_000),
            date: .distantPast,
            optionalInt: nil, optionalInt16: nil, optionalInt64: nil, optionalDouble: nil, optionalBool: nil,
            optionalString: nil, optionalData: nil, optionalDate: nil,
            int8: .max, int32: .min, uint8: 0, uint32: 0, uint64: 0, float: -.greatestFiniteMagnitude,
            uuid: UUID(), url: URL(fileURLWithPath: "/tmp/x y"), kind: .plain, optionalKind: nil,
            tags: [], nested: AllTypes.Nested(label: "ü", values: []), optionalNested: nil)
        let extremes = AllTypes(
            id: 3, int16: 0, int64: 0, double: .greatestFiniteMagnitude, bool: true, string: String(repeating: "long ", count: 20_000),
            data: Data([0]), date: Date(timeIntervalSinceReferenceDate: -0.000_001),
            optionalInt: 0, optionalInt16: 0, optionalInt64: 0, optionalDouble: 0.1 + 0.2, optionalBool: true,
            optionalString: "\u{0}", optionalData: Data([0, 0]), optionalDate: .distantFuture,
            int8: 0, int32: 0, uint8: 1, uint32: 1, uint64: 1, float: .leastNonzeroMagnitude,
            uuid: UUID(), url: URL(string: "a:b")!, kind: .special, optionalKind: .special,
            tags: ["\"quoted\""], nested: AllTypes.Nested(label: "{}", values: [.max, .min]), optionalNested: nil)
        return [everything, nils, extremes]
    }

    private func assertRoundTrip(_ database: SQLiteDatabase, file: StaticString = #filePath, line: UInt = #line) throws {
        let records = samples()
        try database.write { db in for record in records { try db.insert(record) } }
        let read = try database.read { try $0.fetchAll(AllTypes.order(Column("id").asc)) }
        XCTAssertEqual(read, records, file: file, line: line)
        for record in records {
            XCTAssertEqual(try database.read { try $0.fetchOne(AllTypes.self, id: record.id) }, record, file: file, line: line)
        }
    }

    func testEveryColumnTypeRoundTripsInMemory() throws {
        try assertRoundTrip(try SQLiteDatabase.inMemory(migrations: [TestSchema.allTypes]))
    }

    func testEveryColumnTypeRoundTripsInAFileAcrossReopening() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("types.sqlite").path
        do {
            try assertRoundTrip(try SQLiteDatabase(.file(path: path), migrations: [TestSchema.allTypes]))
        }
        let reopened = try SQLiteDatabase(.file(path: path), migrations: [TestSchema.allTypes])
        XCTAssertEqual(try reopened.read { try $0.fetchAll(AllTypes.order(Column("id").asc)) }.map(\.id), [1, 2, 3])
    }

    func testStorageClassesAreTheNaturalOnes() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [TestSchema.allTypes])
        try database.write { try $0.insert(samples()[0]) }
        let row = try XCTUnwrap(try database.read { try $0.fetchRows(sql: "SELECT * FROM allTypes") }.first)
        XCTAssertEqual(row["int16"], .integer(Int64(Int16.max)))
        XCTAssertEqual(row["int64"], .integer(.max))
        XCTAssertEqual(row["double"], .real(.pi))
        XCTAssertEqual(row["bool"], .integer(1))
        XCTAssertEqual(row["string"], .text("héllo wörld 🍕"))
        XCTAssertEqual(row["data"], .blob(Data([0, 1, 2, 254, 255])))
        XCTAssertEqual(row["date"], .real(123_456_789.123_456_789))
        XCTAssertEqual(row["optionalData"], .blob(Data()))
        XCTAssertEqual(row["optionalString"], .text(""))
        XCTAssertEqual(row["kind"], .text("special"))
        XCTAssertEqual(row["tags"], .text(#"["a","b",""]"#))
        XCTAssertEqual(row["nested"], .text(#"{"label":"n","values":[1,-2,3]}"#))
        try database.write { try $0.insert(samples()[1]) }
        let nils = try XCTUnwrap(try database.read { try $0.fetchRows(sql: "SELECT * FROM allTypes WHERE id = 2") }.first)
        for column in [
            "optionalInt", "optionalInt16", "optionalInt64", "optionalDouble", "optionalBool", "optionalString", "optionalData",
            "optionalDate", "optionalKind", "optionalNested",
        ] {
            XCTAssertEqual(nils[column], .null, column)
        }
    }

    func testUpdatingAnOptionalToNilClearsTheColumn() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [TestSchema.sellerContacts])
        try database.write { try $0.insert(SellerContact(address: "Main St 1", order: 1, phone: "123")) }
        try database.write { try $0.update(SellerContact(address: nil, order: 1, phone: "123")) }
        XCTAssertEqual(try database.read { try $0.fetchAll(SellerContact.self) }, [SellerContact(address: nil, order: 1, phone: "123")])
    }

    func testValuesWithoutALosslessRepresentationAreRefused() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [TestSchema.allTypes, TestSchema.items])
        var record = samples()[0]
        record.double = .nan
        XCTAssertThrowsError(try database.write { try $0.insert(record) }) { error in
            guard case .encoding(_, let column, _) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertEqual(column, "double")
        }
        record = samples()[0]
        record.uint64 = .max
        XCTAssertThrowsError(try database.write { try $0.insert(record) }) { error in
            guard case .encoding(_, let column, _) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertEqual(column, "uint64")
        }
        XCTAssertEqual(try database.read { try $0.fetchCount(AllTypes.self) }, 0)
    }

    func testAValueThatDoesNotFitIsADecodingErrorNotATruncation() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [TestSchema.sellerContacts])
        try database.write {
            try $0.execute(sql: "INSERT INTO sellerContacts (\"order\", address) VALUES (?, ?)", arguments: [.integer(70_000), .text("x")])
        }
        XCTAssertThrowsError(try database.read { try $0.fetchAll(SellerContact.self) }) { error in
            guard case .decoding(let type, let column, _) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertEqual(type, "SellerContact")
            XCTAssertEqual(column, "order")
        }
        try database.write {
            try $0.execute(sql: "DELETE FROM sellerContacts; INSERT INTO sellerContacts (\"order\", address) VALUES (1, x'00')")
        }
        XCTAssertThrowsError(try database.read { try $0.fetchAll(SellerContact.self) }) { error in
            guard case .decoding(_, let column, let reason) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertEqual(column, "address")
            XCTAssertTrue(reason.contains("BLOB"), reason)
        }
    }

    func testAMissingNonOptionalColumnIsADecodingError() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [TestSchema.items])
        try database.write { try $0.insert(Item.samples(1)[0]) }
        XCTAssertThrowsError(try database.read { try $0.fetchAll(Item.self, sql: "SELECT id, name FROM items", arguments: []) }) { error in
            guard case .decoding(_, let column, _) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertEqual(column, "price")
        }
    }
}

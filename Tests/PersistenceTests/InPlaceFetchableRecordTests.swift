import Foundation
import Persistence
import PersistenceInterface
import XCTest

/// An `InPlaceFetchableRecord` reads the statement's current row in place, converting exactly as
/// `fromDatabaseValue` does (its fetches are tested with `FetchableRecord`'s, in FetchableRecordTests).
final class InPlaceFetchableRecordTests: XCTestCase {
    private struct NotDecodable: Error {}

    private enum Size: String, DatabaseValueConvertible { case small, large }
    private enum Level: Int, DatabaseValueConvertible {
        case low = 1
        case high = 2
    }
    /// A type that keeps the default `fromColumn`.
    private struct Tag: DatabaseValueConvertible, Equatable {
        var text: String
        var databaseValue: DatabaseValue { .text(text) }
        static func fromDatabaseValue(_ value: DatabaseValue) -> Tag? { String.fromDatabaseValue(value).map(Tag.init) }
    }

    /// The types whose `fromColumn` disagrees with `fromDatabaseValue` on the value at `index`.
    private static func disagreements(at index: Int, of columns: borrowing RowColumns) -> [String] {
        func check<T: DatabaseValueConvertible & Equatable>(_ type: T.Type) -> String? {
            T.fromColumn(index, of: columns) == T.fromDatabaseValue(columns.value(at: index)) ? nil : "\(T.self)"
        }
        let checks: [String?] = [
            check(Int64.self), check(Int.self), check(Int8.self), check(Int16.self), check(Int32.self),
            check(UInt.self), check(UInt8.self), check(UInt16.self), check(UInt32.self), check(UInt64.self),
            check(Double.self), check(Float.self), check(Bool.self), check(String.self), check(Data.self),
            check(Date.self), check(DatabaseValue.self), check(Int?.self), check(Double?.self), check(String?.self),
            check(Bool?.self), check(Size.self), check(Level.self), check(Size?.self), check(Tag.self),
        ]
        return checks.compactMap { $0 }
    }

    /// A row of the probe table: its value and where the reads of it disagreed.
    private struct Probe: DatabaseRecord, InPlaceFetchableRecord {
        static let tableName = "probes"
        var value: DatabaseValue
        var inPlace: [String]
        var throughRow: [String]
        init(columns: borrowing RowColumns) throws {
            value = columns.value(at: 0)
            inPlace = InPlaceFetchableRecordTests.disagreements(at: 0, of: columns)
            throughRow = InPlaceFetchableRecordTests.disagreements(at: 0, of: RowColumns(columns.row))
        }
        // Only ever fetched with `init(columns:)`: a `DatabaseValue` has no `Codable` form.
        init(from decoder: Decoder) throws { throw NotDecodable() }
        func encode(to encoder: Encoder) throws { throw NotDecodable() }
    }

    func testReadingInPlaceConvertsEveryStorageClassAsFromDatabaseValueDoes() throws {
        let values: [DatabaseValue] = [
            .null, .integer(0), .integer(1), .integer(-1), .integer(2), .integer(300), .integer(70_000),
            .integer(Int64(Int32.max) + 1), .integer(.max), .integer(.min), .integer(1 << 53 + 1),
            .real(0), .real(-0.0), .real(1), .real(2.5), .real(-3), .real(1e300), .real(.infinity), .real(9.2e18),
            .text(""), .text("small"), .text("12"), .text("é\u{0}x"), .blob(Data()), .blob(Data([0, 1, 255])),
        ]
        let database = try SQLiteDatabase.inMemory(migrations: [])
        try database.write { db in
            try db.execute(sql: "CREATE TABLE probes (value)")  // no affinity: each value stays as stored
            for value in values { try db.execute(sql: "INSERT INTO probes VALUES (?)", arguments: [value]) }
        }
        let probes = try database.read { try $0.fetchAll(Probe.self, sql: "SELECT value FROM probes ORDER BY rowid", arguments: []) }
        XCTAssertEqual(probes.map(\.value), values)
        for probe in probes {
            XCTAssertEqual(probe.inPlace, [], "in place, \(probe.value)")
            XCTAssertEqual(probe.throughRow, [], "through a Row, \(probe.value)")
        }
    }

    func testInvalidUTF8IsRepairedAndEmbeddedNULsKept() throws {
        struct Text: DatabaseRecord, InPlaceFetchableRecord {
            static let tableName = "texts"
            var text: String
            init(columns: borrowing RowColumns) throws { text = try columns.decode(at: 0) }
        }
        let database = try SQLiteDatabase.inMemory(migrations: [])
        // CAST makes TEXT of the blob's bytes as they are: "a", an invalid byte, NUL, "b".
        let texts = try database.read { try $0.fetchAll(Text.self, sql: "SELECT CAST(x'61ff0062' AS TEXT)", arguments: []) }
        XCTAssertEqual(texts.map { Array($0.text.unicodeScalars.map(\.value)) }, [[0x61, 0xFFFD, 0, 0x62]])
        XCTAssertEqual(try database.read { try $0.fetchValue(sql: "SELECT CAST(x'61ff0062' AS TEXT)") }, .text("a\u{FFFD}\u{0}b"))
    }
}

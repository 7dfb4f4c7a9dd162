import Foundation
import PersistenceInterface
import XCTest

/// Conversions between Swift values and SQLite values.
final class DatabaseValueTests: XCTestCase {
    func testIntegersConvertOnlyWhenTheyFit() {
        XCTAssertEqual(Int16(7).databaseValue, .integer(7))
        XCTAssertEqual(Int16.fromDatabaseValue(.integer(32_767)), .max)
        XCTAssertNil(Int16.fromDatabaseValue(.integer(32_768)))
        XCTAssertEqual(Int64.fromDatabaseValue(.real(3)), 3)
        XCTAssertNil(Int64.fromDatabaseValue(.real(3.5)))
        XCTAssertNil(Int.fromDatabaseValue(.text("3")))
        XCTAssertEqual(UInt8.fromDatabaseValue(.integer(255)), 255)
        XCTAssertNil(UInt8.fromDatabaseValue(.integer(-1)))
        XCTAssertEqual(UInt64(Int64.max).databaseValue, .integer(.max))
        XCTAssertEqual(UInt64.max.databaseValue, .null)
    }

    func testFloatingPointAndBool() {
        XCTAssertEqual(Double.pi.databaseValue, .real(.pi))
        XCTAssertEqual(Double.nan.databaseValue, .null)
        XCTAssertEqual(Double.fromDatabaseValue(.integer(2)), 2)
        XCTAssertNil(Double.fromDatabaseValue(.integer(.max - 1)))  // not exactly representable
        XCTAssertEqual(Float.fromDatabaseValue(Float(0.1).databaseValue), 0.1)
        XCTAssertNil(Float.fromDatabaseValue(.real(0.1)))
        XCTAssertEqual(true.databaseValue, .integer(1))
        XCTAssertEqual(Bool.fromDatabaseValue(.integer(0)), false)
        XCTAssertEqual(Bool.fromDatabaseValue(.integer(2)), true)
        XCTAssertNil(Bool.fromDatabaseValue(.text("true")))
    }

    func testDatesAreTheirExactDouble() {
        let date = Date(timeIntervalSinceReferenceDate: 123_456_789.987_654_321)
        XCTAssertEqual(date.databaseValue, .real(date.timeIntervalSinceReferenceDate))
        XCTAssertEqual(Date.fromDatabaseValue(date.databaseValue), date)
        XCTAssertEqual(Date.fromDatabaseValue(.integer(0)), Date(timeIntervalSinceReferenceDate: 0))
        XCTAssertNil(Date.fromDatabaseValue(.text("2024-01-01")))
    }

    func testTextBlobsAndOptionals() {
        XCTAssertEqual("a\u{0}b".databaseValue, .text("a\u{0}b"))
        XCTAssertEqual(Data([1, 2]).databaseValue, .blob(Data([1, 2])))
        XCTAssertNil(Data.fromDatabaseValue(.text("x")))
        XCTAssertEqual(String?.none.databaseValue, .null)
        XCTAssertEqual(String?.fromDatabaseValue(.null), .some(nil))
        XCTAssertEqual(String?.fromDatabaseValue(.text("x")), .some("x"))
        XCTAssertEqual(String?.fromDatabaseValue(.integer(1)), .none)
    }

    func testRawValueEnumsConvertThroughTheirRawValue() {
        enum Size: String, DatabaseValueConvertible { case small, large }
        XCTAssertEqual(Size.large.databaseValue, .text("large"))
        XCTAssertEqual(Size.fromDatabaseValue(.text("small")), .small)
        XCTAssertNil(Size.fromDatabaseValue(.text("medium")))
    }

    func testStorageClassNames() {
        XCTAssertEqual(
            [DatabaseValue.null, .integer(1), .real(1), .text(""), .blob(Data())].map(\.storageClass),
            ["NULL", "INTEGER", "REAL", "TEXT", "BLOB"])
        XCTAssertTrue(DatabaseValue.null.isNull)
        XCTAssertFalse(DatabaseValue.integer(0).isNull)
    }

    func testRowsLookUpColumnsAndConvert() throws {
        let row = Row(columns: ["id", "Name"], values: [.integer(1), .text("a")])
        XCTAssertEqual(row[0], .integer(1))
        XCTAssertEqual(row["name"], .text("a"))
        XCTAssertNil(row["missing"])
        XCTAssertEqual(try row.decode(Int16.self, column: "id"), 1)
        XCTAssertThrowsError(try row.decode(Int.self, column: "name")) { error in
            guard case .decoding(_, let column, _) = error as? PersistenceError else { return XCTFail("\(error)") }
            XCTAssertEqual(column, "name")
        }
        XCTAssertThrowsError(try row.decode(Int.self, column: "missing"))
    }

    func testRowsConvertByPosition() throws {
        let row = Row(columns: ["id", "Name", "Name"], values: [.integer(1), .text("a"), .text("b")])
        XCTAssertEqual(try row.decode(Int64.self, at: 0), 1)
        XCTAssertEqual(try row.decode(String.self, at: 2), "b")
        XCTAssertEqual(row["NAME"], .text("a"), "the first column with the name, in any ASCII case")
        XCTAssertThrowsError(try row.decode(Int.self, at: 1)) { error in
            XCTAssertEqual(error as? PersistenceError, .decoding(type: "Int", column: "Name", reason: "cannot convert TEXT losslessly"))
        }
        for position in [-1, 3] {
            XCTAssertThrowsError(try row.decode(Int.self, at: position)) { error in
                XCTAssertEqual(
                    error as? PersistenceError, .decoding(type: "Int", column: nil, reason: "the row has no column \(position) (it has 3)"))
            }
        }
    }
}

import Foundation
import PersistenceInterface
import XCTest

/// `RowColumns` over a `Row` reads and fails as the row's own `decode` does, and an
/// `InPlaceFetchableRecord` reads a `Row` through `init(columns:)`.
final class RowColumnsTests: XCTestCase {
    private let row = Row(columns: ["id", "Name", "Name", "price"], values: [.integer(1), .text("a"), .text("b"), .real(2)])

    func testColumnsReadByPositionAndByNameAsTheRowDoes() throws {
        let columns = RowColumns(row)
        XCTAssertEqual(columns.count, 4)
        XCTAssertEqual((0..<4).map { columns.name(at: $0) }, row.columns)
        XCTAssertEqual((0..<4).map { columns.value(at: $0) }, row.values)
        XCTAssertEqual(try columns.decode(Int16.self, at: 0), try row.decode(Int16.self, at: 0))
        XCTAssertEqual(try columns.decode(String.self, at: 2), "b")
        XCTAssertEqual(try columns.decode(String.self, column: "NAME"), "a", "the first column with the name, in any ASCII case")
        XCTAssertEqual(try columns.decode(Int.self, column: "price"), 2, "an integral REAL converts")
        XCTAssertEqual(columns.row, row)
    }

    func testColumnsFailWithTheRowsErrors() {
        let columns = RowColumns(row)
        for position in [-1, 4] {
            XCTAssertThrowsError(try columns.decode(Int.self, at: position)) { error in
                XCTAssertEqual(
                    error as? PersistenceError, .decoding(type: "Int", column: nil, reason: "the row has no column \(position) (it has 4)"))
            }
        }
        XCTAssertThrowsError(try columns.decode(Int.self, at: 1)) { error in
            XCTAssertEqual(error as? PersistenceError, .decoding(type: "Int", column: "Name", reason: "cannot convert TEXT losslessly"))
        }
        XCTAssertThrowsError(try columns.decode(Int.self, column: "missing")) { error in
            XCTAssertEqual(error as? PersistenceError, .decoding(type: "Int", column: "missing", reason: "no such column in the row"))
        }
        XCTAssertThrowsError(try row.decode(Int.self, column: "missing")) { error in
            XCTAssertEqual(error as? PersistenceError, .decoding(type: "Int", column: "missing", reason: "no such column in the row"))
        }
    }

    private struct Priced: InPlaceFetchableRecord, Equatable {
        var name: String
        var price: Double
        init(columns: borrowing RowColumns) throws {
            name = try columns.decode(column: "name")
            price = try columns.decode(at: 3)
        }
    }

    func testAnInPlaceRecordReadsARowThroughItsColumns() throws {
        let record = try Priced(row: row)
        XCTAssertEqual(record.name, "a")
        XCTAssertEqual(record.price, 2)
        XCTAssertThrowsError(try Priced(row: Row(columns: ["name"], values: [.text("a")]))) { error in
            XCTAssertEqual(error as? PersistenceError, .decoding(type: "Double", column: nil, reason: "the row has no column 3 (it has 1)"))
        }
    }
}

import Foundation
import PersistenceInterface
import XCTest

/// A sink that keeps the columns written to it, in order.
private final class ColumnLog: PersistenceContainerSink {
    var columns: [(name: String, value: DatabaseValue)] = []

    func write(_ value: DatabaseValue, toColumn column: String) {
        columns.append((column, value))
    }

    func value(ofColumn column: String) -> DatabaseValue? {
        columns.last { $0.name == column }?.value
    }
}

/// `PersistenceContainer` writes each value as its `databaseValue` (nil as NULL) and reads back what
/// its sink holds, converted.
final class PersistenceContainerTests: XCTestCase {
    func testEachValueIsWrittenAsItsDatabaseValue() {
        let log = ColumnLog()
        var container = PersistenceContainer(log)
        let missing: String? = nil
        container["id"] = Int64(7)
        container["flag"] = true
        container[Column("name")] = "seven"
        container["phone"] = missing
        container["raw"] = DatabaseValue.blob(Data([1, 2]))
        container["cleared"] = nil
        container["ratio"] = Double.nan
        container["when"] = Date(timeIntervalSince1970: 0)
        XCTAssertEqual(log.columns.map(\.name), ["id", "flag", "name", "phone", "raw", "cleared", "ratio", "when"])
        XCTAssertEqual(
            log.columns.map(\.value),
            [
                .integer(7), .integer(1), .text("seven"), .null, .blob(Data([1, 2])), .null, .null,
                Date(timeIntervalSince1970: 0).databaseValue,
            ])
    }

    func testAColumnReadsBackConvertedOrNil() {
        let log = ColumnLog()
        var container = PersistenceContainer(log)
        container["count"] = 3
        container["name"] = "three"
        XCTAssertEqual(container["count"] as Int64?, 3)
        XCTAssertEqual(container["count"] as Double?, 3, "an INTEGER converts to a double losslessly")
        XCTAssertNil(container["name"] as Int?, "TEXT does not convert to a number")
        XCTAssertEqual(container[Column("name")] as String?, "three")
        XCTAssertEqual(container["name"], .text("three"))
        XCTAssertNil(container["absent"])
    }
}

import MenuInterface
import XCTest

final class MenuTotalsTests: XCTestCase {
    func testTotalsAreTheSumOfCountsAndOfPriceTimesCount() throws {
        let totals = try MenuTotals([
            MenuItem(id: 1, name: "떡볶이", price: 4000, count: 2),
            MenuItem(id: 2, name: "김밥", price: 3500, count: 0),
            MenuItem(id: 3, name: "튀김", price: 1000, count: 3),
        ])
        XCTAssertEqual(totals.itemsCount, 5)
        XCTAssertEqual(totals.totalPrice, 11_000)
    }

    func testNothingSelectedTotalsZero() throws {
        XCTAssertEqual(try MenuTotals([]), try MenuTotals([MenuItem(id: 1, name: "김밥", price: 3500)]))
        XCTAssertEqual(try MenuTotals([]).itemsCount, 0)
        XCTAssertEqual(try MenuTotals([]).totalPrice, 0)
    }

    func testTotalsThatDoNotFitAreRefusedNotWrapped() {
        let cases: [[MenuItem]] = [
            // price × count
            [MenuItem(id: 1, name: "a", price: Int.max / 2 + 1, count: 2)],
            // the sum of the subtotals
            [MenuItem(id: 1, name: "a", price: Int.max, count: 1), MenuItem(id: 2, name: "b", price: 1, count: 1)],
            // the sum of the counts
            [MenuItem(id: 1, name: "a", price: 1, count: Int.max), MenuItem(id: 2, name: "b", price: 1, count: 1)],
        ]
        for menus in cases {
            XCTAssertThrowsError(try MenuTotals(menus)) { XCTAssertEqual($0 as? MenuError, .totalOverflow) }
        }
        // Right at the edge it still fits.
        XCTAssertEqual(try MenuTotals([MenuItem(id: 1, name: "a", price: Int.max, count: 1)]).totalPrice, Int.max)
    }
}

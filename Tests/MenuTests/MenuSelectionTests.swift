import Foundation
import MenuInterface
import XCTest

/// The selection as a value: counts above 0 only, applied to a catalog, changed by a count or an order.
final class MenuSelectionTests: XCTestCase {
    func testOnlyCountsAboveZeroAreKeptAndANegativeCountIsATypedError() throws {
        XCTAssertEqual(try MenuSelection(counts: [1: 2, 2: 0, 3: 1]).counts, [1: 2, 3: 1])
        XCTAssertEqual(try MenuSelection(counts: [:]), .empty)
        XCTAssertEqual(try MenuSelection(counts: [4: 0]), .empty)
        XCTAssertThrowsError(try MenuSelection(counts: [1: 1, 7: -1, 9: -3])) {
            XCTAssertEqual($0 as? MenuError, .invalidCount(menuID: 7))
        }
    }

    func testTheSelectionOfAScreensListIsItsCountsAboveZero() {
        XCTAssertEqual(MenuSelection(menus: selecting([1: 2, 4: 1])).counts, [1: 2, 4: 1])
        XCTAssertEqual(MenuSelection(menus: sampleMenus), .empty)
        // A list pushed from outside may repeat an id or hold a negative count: the first counts, and only above 0.
        let odd = [
            MenuItem(id: 1, name: "a", price: 1, count: 3), MenuItem(id: 1, name: "a", price: 1, count: 5),
            MenuItem(id: 2, name: "b", price: 1, count: -2),
        ]
        XCTAssertEqual(MenuSelection(menus: odd).counts, [1: 3])
    }

    func testAppliedToACatalogItKeepsTheCatalogsOrderAndLeavesOutItemsItDoesNotHave() {
        let picked = selection([2: 2, 9: 4])
        XCTAssertEqual(picked.applied(to: sampleMenus), selecting([2: 2]))
        XCTAssertEqual(picked.applied(to: []), [])
        XCTAssertEqual(picked.count(of: 9), 4)
        XCTAssertEqual(picked.count(of: 1), 0)
    }

    func testSettingACount() throws {
        let picked = selection([1: 1])
        XCTAssertEqual(try picked.setting(3, of: 2).counts, [1: 1, 2: 3])
        XCTAssertEqual(try picked.setting(0, of: 1), .empty)
        XCTAssertEqual(try picked.setting(0, of: 5), picked)
        XCTAssertThrowsError(try picked.setting(-1, of: 1)) { XCTAssertEqual($0 as? MenuError, .invalidCount(menuID: 1)) }
    }

    func testTakingAnOrderOffLeavesWhatWasAddedSinceAndNeverGoesBelowZero() throws {
        let ordered = try Order(menus: selecting([1: 2, 3: 1, 4: 5])).lines
        let picked = selection([1: 3, 3: 1, 2: 1, 4: 2])
        XCTAssertEqual(picked.removing(ordered).counts, [1: 1, 2: 1])
        XCTAssertEqual(MenuSelection.empty.removing(ordered), .empty)
    }

    func testTheNewErrorsSaySoWithIDsOnly() {
        XCTAssertEqual(MenuError.unknownItem(menuID: 9).description, "Item 9 is not on the menu.")
        XCTAssertEqual(MenuError.invalidCount(menuID: 2).description, "A count cannot be below 0.")
        XCTAssertEqual(MenuError.unknownItem(menuID: 9).localizedDescription, "Item 9 is not on the menu.")
    }

    func testAStoredOrderLineAndReceiptAreTheValuesGiven() throws {
        let line = OrderLine(menuID: 2, name: "김밥", price: 3500, count: 2)
        XCTAssertEqual(line, OrderLine(MenuItem(id: 2, name: "김밥", price: 3500, count: 2)))
        let placedAt = Date(timeIntervalSinceReferenceDate: 5)
        let order = try Order(menus: selecting([2: 2]))
        XCTAssertEqual(
            Receipt(orderID: 3, placedAt: placedAt, lines: [line], total: 7000), Receipt(orderID: 3, placedAt: placedAt, order: order))
    }
}

import Foundation
import MenuInterface
import XCTest

final class MenuErrorTests: XCTestCase {
    func testNoOrdersReadsAsTheSeedsAlert() {
        XCTAssertEqual(MenuError.noOrders.description, "No Orders")
        XCTAssertEqual(MenuError.noOrders.localizedDescription, "No Orders")
    }

    func testCatalogErrorsSayWhichEntryIsWrong() {
        XCTAssertEqual(MenuError.invalidCatalog(.missingID(index: 2)).description, "The menu was rejected: item 3 has no id.")
        XCTAssertEqual(MenuError.invalidCatalog(.duplicateID(4)).description, "The menu was rejected: id 4 is used twice.")
        XCTAssertEqual(
            MenuError.invalidCatalog(.nonPositivePrice(id: 5)).description, "The menu was rejected: item 5 has a price of 0 or less."
        )
        XCTAssertEqual(MenuError.invalidCatalog(.missing).description, "The menu was rejected: there is no menu.")
    }

    func testErrorsCompareByCaseAndPayload() {
        XCTAssertEqual(MenuError.countOverflow(menuID: 1), .countOverflow(menuID: 1))
        XCTAssertNotEqual(MenuError.countOverflow(menuID: 1), .countOverflow(menuID: 2))
        XCTAssertNotEqual(MenuError.invalidCatalog(.duplicateID(1)), .invalidCatalog(.nonPositivePrice(id: 1)))
        XCTAssertEqual(Set([MenuError.noOrders, .noOrders, .totalOverflow]).count, 2)
    }
}

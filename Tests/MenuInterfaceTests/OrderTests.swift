import Foundation
import MenuInterface
import XCTest

final class OrderTests: XCTestCase {
    private let menus = [
        MenuItem(id: 1, name: "떡볶이", price: 4000, count: 2),
        MenuItem(id: 2, name: "김밥", price: 3500, count: 0),
        MenuItem(id: 4, name: "튀김", price: 1000, count: 1),
    ]

    func testAnOrderHasTheSelectedItemsInMenuOrderAndTheirTotal() throws {
        let order = try Order(menus: menus)
        XCTAssertEqual(order.lines.map(\.menuID), [1, 4])
        XCTAssertEqual(order.lines.map(\.name), ["떡볶이", "튀김"])
        XCTAssertEqual(order.lines.map(\.price), [4000, 1000])
        XCTAssertEqual(order.lines.map(\.count), [2, 1])
        XCTAssertEqual(order.total, 9000)
    }

    func testNothingSelectedIsNoOrder() {
        let unselected = menus.map { MenuItem(id: $0.id, name: $0.name, price: $0.price) }
        for selection in [[], unselected] {
            XCTAssertThrowsError(try Order(menus: selection)) { XCTAssertEqual($0 as? MenuError, .noOrders) }
        }
    }

    func testAnOrderWhoseTotalDoesNotFitIsRefused() {
        let menus = [MenuItem(id: 1, name: "a", price: Int.max, count: 1), MenuItem(id: 2, name: "b", price: 1, count: 1)]
        XCTAssertThrowsError(try Order(menus: menus)) { XCTAssertEqual($0 as? MenuError, .totalOverflow) }
    }

    func testAReceiptCarriesTheOrderAsPlaced() throws {
        let order = try Order(menus: menus)
        let placedAt = Date(timeIntervalSinceReferenceDate: 1_000)
        let receipt = Receipt(orderID: 7, placedAt: placedAt, order: order)
        XCTAssertEqual(receipt.orderID, 7)
        XCTAssertEqual(receipt.placedAt, placedAt)
        XCTAssertEqual(receipt.lines, order.lines)
        XCTAssertEqual(receipt.total, 9000)
    }
}

import Menu
import MenuInterface
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigTesting
import TerminalUI
import XCTest

/// The screen on the headless terminal, as the tutorial's view controller would be tested: what it shows,
/// and the keys that change it. Bindings run on the main queue, which the tests let run with an
/// expectation (`drainMainQueue`) before reading the terminal.
@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class MenuViewControllerTests: XCTestCase {
    // MARK: Fixture

    @MainActor private struct Shown {
        let terminal: HeadlessTerminal
        let controller: MenuViewController
        let viewModel: MenuListViewModel
    }

    private static func show(_ viewModel: MenuListViewModel, width: Int = 40, height: Int = 12) -> Shown {
        let terminal = HeadlessTerminal(width: width, height: height)
        let controller = MenuViewController(viewModel: viewModel)
        Screen(terminal: terminal).rootViewController = controller  // the terminal keeps the screen
        drainMainQueue()
        return Shown(terminal: terminal, controller: controller, viewModel: viewModel)
    }

    private static func show(
        menuService: StubMenuService = StubMenuService(), orderService: StubOrderService = StubOrderService()
    ) -> Shown {
        show(MenuListViewModel(menuService: menuService, orderService: orderService))
    }

    /// Presses `keys`, then lets the bindings run.
    private static func press(_ keys: Key..., on terminal: HeadlessTerminal) {
        for key in keys { terminal.press(key) }
        drainMainQueue()
    }

    // MARK: Tests

    func testTheMenuShowsEveryItemWithKoreanNamesAligned() {
        let shown = Self.show()
        // Hangul takes two cells: the prices and counts still line up in their columns.
        XCTAssertEqual(
            shown.terminal.snapshot(),
            """
            ┌─ Menu ───────────────────────────────┐
            │> 떡볶이                  ₩4,000 - 0 +│
            │  김밥                    ₩3,500 - 0 +│
            │  라면                    ₩4,500 - 0 +│
            │  튀김                    ₩1,000 - 0 +│
            │                                      │
            │                                      │
            │                                      │
            └──────────────────────────────────────┘
             Items 0                       Total ₩0
             [ Clear ] [ Order ]
               +/- count  c clear  o order  r reload
            """)
        XCTAssertEqual(
            shown.controller.tableView.rows.map(\.columns),
            [
                ["떡볶이", "₩4,000", "- 0 +"], ["김밥", "₩3,500", "- 0 +"], ["라면", "₩4,500", "- 0 +"], ["튀김", "₩1,000", "- 0 +"],
            ])
    }

    func testPlusAndMinusChangeTheSelectedRowAndTheTotals() {
        let shown = Self.show()
        Self.press("+", "+", .down, .down, "+", "-", "-", "-", .down, "+", on: shown.terminal)
        XCTAssertEqual(shown.controller.tableView.rows.map { $0.columns[2] }, ["- 2 +", "- 0 +", "- 0 +", "- 1 +"])
        XCTAssertEqual(shown.controller.itemCountLabel.text, "3")
        XCTAssertEqual(shown.controller.totalPrice.text, "₩9,000")
        XCTAssertEqual(
            shown.terminal.snapshot().split(separator: "\n").dropFirst().prefix(4).joined(separator: "\n"),
            """
            │  떡볶이                  ₩4,000 - 2 +│
            │  김밥                    ₩3,500 - 0 +│
            │  라면                    ₩4,500 - 0 +│
            │> 튀김                    ₩1,000 - 1 +│
            """)
        XCTAssertEqual(shown.terminal.snapshot().split(separator: "\n")[9], " Items 3                   Total ₩9,000")
    }

    func testClearSetsEveryCountToZero() {
        let shown = Self.show()
        Self.press("+", .down, "+", "+", on: shown.terminal)
        XCTAssertEqual(shown.controller.itemCountLabel.text, "3")
        Self.press("c", on: shown.terminal)
        XCTAssertEqual(shown.controller.tableView.rows.map { $0.columns[2] }, Array(repeating: "- 0 +", count: 4))
        XCTAssertEqual(shown.controller.itemCountLabel.text, "0")
        XCTAssertEqual(shown.controller.totalPrice.text, "₩0")
    }

    func testOrderWithNothingSelectedShowsOrderFailNoOrders() {
        let orderService = StubOrderService()
        let shown = Self.show(orderService: orderService)
        Self.press("o", on: shown.terminal)

        let alert = shown.controller.presentedAlert
        XCTAssertEqual(alert?.title, "Order Fail")
        XCTAssertEqual(alert?.message, "No Orders")
        XCTAssertEqual(alert?.actions, [AlertAction(title: "OK", style: .default)])
        XCTAssertTrue(shown.terminal.snapshot().contains("Order Fail"))
        XCTAssertTrue(shown.terminal.snapshot().contains("No Orders"))

        Self.press(.enter, on: shown.terminal)
        XCTAssertNil(shown.controller.presentedAlert)
        XCTAssertFalse(shown.terminal.snapshot().contains("No Orders"))
        XCTAssertEqual(orderService.received, [])
    }

    func testAnOrderShowsItsReceiptAndEmptiesTheSelection() {
        let orderService = StubOrderService()
        let shown = Self.show(orderService: orderService)
        Self.press("+", .down, .down, .down, "+", "+", "o", on: shown.terminal)

        XCTAssertEqual(orderService.received, [try! Order(menus: selecting([1: 1, 4: 2]))])
        XCTAssertEqual(shown.controller.presentedAlert?.title, "Order Placed")
        XCTAssertEqual(shown.controller.presentedAlert?.message, "Order 1: ₩6,000")
        Self.press(.enter, on: shown.terminal)
        XCTAssertEqual(shown.controller.itemCountLabel.text, "0")
        XCTAssertEqual(shown.controller.totalPrice.text, "₩0")
    }

    func testAFailureToLoadTheMenuShowsAnAlert() {
        let shown = Self.show(menuService: StubMenuService(.error(MenuError.invalidCatalog(.duplicateID(2)))))
        XCTAssertEqual(shown.controller.presentedAlert?.title, "Menu Fail")
        XCTAssertEqual(shown.controller.presentedAlert?.message, "The menu was rejected: id 2 is used twice.")
        XCTAssertEqual(shown.controller.presentedAlert?.actions, [AlertAction(title: "OK", style: .default)])
        Self.press(.enter, on: shown.terminal)
        XCTAssertNil(shown.controller.presentedAlert)
        XCTAssertTrue(shown.terminal.snapshot().contains("No menu"))
    }

    func testTheScreenShowsTheAlertInStateAndItsOKDismissesIt() {
        let menuService = StubMenuService()
        let shown = Self.show(menuService: menuService)
        let alerts = Collector(shown.viewModel.alert)
        menuService.events.onNext(.error(MenuError.catalogUnavailable(reason: "offline.")))
        drainMainQueue()
        XCTAssertEqual(shown.controller.presentedAlert?.message, "The menu could not be loaded: offline.")

        // Another failure replaces the alert shown: one alert on screen, the latest.
        menuService.events.onNext(.error(MenuError.invalidCatalog(.duplicateID(2))))
        drainMainQueue()
        XCTAssertEqual(shown.controller.presentedAlert?.message, "The menu was rejected: id 2 is used twice.")
        XCTAssertFalse(shown.terminal.snapshot().contains("offline"))

        // OK dismisses it in the state, and the screen shows none.
        Self.press(.enter, on: shown.terminal)
        XCTAssertNil(shown.controller.presentedAlert)
        XCTAssertEqual(alerts.elements.last, .some(nil))
        XCTAssertEqual(alerts.elements.compactMap { $0?.title }, ["Menu Fail", "Menu Fail"])
    }

    func testTheLiveServicesEndToEnd() {
        let database = try! SQLiteDatabase.inMemory(migrations: MenuFeature.migrations)
        let viewModel = MenuFeature.makeViewModel(database: database, tables: menuTables(FakeRemoteConfig.sample(), database))
        let menus = Collector(viewModel.menuObservable.asObservable())
        let shown = Self.show(viewModel)

        // The catalog went from remote config into the database, and from there to the screen.
        menus.wait { $0.last == sampleMenus }
        drainMainQueue()
        XCTAssertEqual(shown.controller.tableView.rows.map { $0.columns[0] }, ["떡볶이", "김밥", "라면", "튀김"])

        // Another writer changes the table: the screen follows the database.
        try! database.write { try $0.execute(sql: "UPDATE menuItems SET price = 4200 WHERE id = 1") }
        menus.wait { $0.last?.first?.price == 4200 }
        drainMainQueue()
        XCTAssertEqual(shown.controller.tableView.rows.first?.columns[1], "₩4,200")

        // An order goes into the database, and the selection empties.
        let alerts = Collector(viewModel.alert.compactMap { $0 })
        Self.press("+", "+", "o", on: shown.terminal)
        XCTAssertEqual(alerts.wait { !$0.isEmpty }, [MenuAlert(title: "Order Placed", message: "Order 1: ₩8,400")])
        drainMainQueue()
        XCTAssertEqual(shown.controller.presentedAlert?.title, "Order Placed")
        XCTAssertEqual(shown.controller.totalPrice.text, "₩0")
        let stored = try! database.read { try $0.fetchRows(sql: "SELECT total FROM menuOrders").map { $0.values.map(text) } }
        XCTAssertEqual(stored, [["8400"]])
    }
}

import Foundation
import Menu
import MenuInterface
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigTesting
import TerminalUI
import XCTest

/// The screen `MenuFeature` builds, over the live services on one database: it shows the selection
/// stored through `LiveMenuSelectionService` (as `bistro menu set` stores it) and stores every change.
/// Bindings run on the main queue, and the database answers on its own; the tests wait for what
/// they expect with expectations (`Collector.wait`, `drainMainQueue`), never for a time.
@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class LiveSelectionScreenTests: XCTestCase {
    // MARK: Fixture

    /// A database holding the sample catalog and `counts` stored through the live selection service.
    private static func makeDatabase(selected counts: [Int: Int]) -> SQLiteDatabase {
        let database = try! SQLiteDatabase.inMemory(migrations: MenuFeature.migrations)
        Collector(LiveMenuService(remoteConfig: FakeRemoteConfig.sample(), database: database).fetchMenu())
            .wait { $0.last?.element == sampleMenus }
        let service = LiveMenuSelectionService(database: database)
        for (menuID, count) in counts { _ = try! service.setCount(count, of: menuID).toBlocking(timeout: 10).single() }
        return database
    }

    /// The stored rows (menu id, count), now and after every change of the table.
    private static func storedRows(_ database: any Database) -> Collector<[[String]]> {
        Collector(
            database.observe { db in
                try db.fetchRows(sql: "SELECT menuID, count FROM menuSelection ORDER BY menuID").map { $0.values.map(text) }
            })
    }

    @MainActor private struct Shown {
        let terminal: HeadlessTerminal
        let controller: MenuViewController
        let viewModel: MenuListViewModel
        let alerts: Collector<MenuAlert>
        /// For each alert, whether it came on the main thread.
        let alertsOnMainThread: Collector<Bool>
    }

    /// The app's screen (what `MenuFeature.makeViewController` builds) on a headless terminal, once it shows `expected`.
    private static func show(_ database: any Database, expecting expected: [MenuItem]) -> Shown {
        let terminal = HeadlessTerminal(width: 40, height: 12)
        let viewModel = MenuFeature.makeViewModel(database: database, tables: menuTables(FakeRemoteConfig.sample(), database))
        let menus = Collector(viewModel.menuObservable.asObservable())
        let alerts = Collector(viewModel.alert.compactMap { $0 })
        let alertsOnMainThread = Collector(viewModel.alert.compactMap { $0 }.map { _ in Thread.isMainThread })
        let controller = MenuViewController(viewModel: viewModel)
        Screen(terminal: terminal).rootViewController = controller  // the terminal keeps the screen
        menus.wait { $0.last == expected }
        drainMainQueue()
        return Shown(
            terminal: terminal, controller: controller, viewModel: viewModel, alerts: alerts, alertsOnMainThread: alertsOnMainThread)
    }

    private static func press(_ keys: Key..., on terminal: HeadlessTerminal) {
        for key in keys { terminal.press(key) }
        drainMainQueue()
    }

    // MARK: Tests

    func testTheScreenStartsFromTheStoredSelectionAndStoresEveryChange() {
        let database = Self.makeDatabase(selected: [2: 2])
        let stored = Self.storedRows(database)
        let shown = Self.show(database, expecting: selecting([2: 2]))
        XCTAssertEqual(shown.controller.tableView.rows.map { $0.columns[2] }, ["- 0 +", "- 2 +", "- 0 +", "- 0 +"])
        XCTAssertEqual(shown.controller.itemCountLabel.text, "2")
        XCTAssertEqual(shown.controller.totalPrice.text, "₩7,000")

        Self.press("+", on: shown.terminal)
        stored.wait { $0.last == [["1", "1"], ["2", "2"]] }
        Self.press("c", on: shown.terminal)
        stored.wait { $0.last == [] }

        Self.press(.down, .down, .down, "+", "+", on: shown.terminal)
        stored.wait { $0.last == [["4", "2"]] }
        Self.press("o", on: shown.terminal)
        shown.alerts.wait { $0.map(\.title).contains("Order Placed") }
        stored.wait { $0.last == [] }
        let orders = try! LiveOrderService(database: database).placedOrders().toBlocking(timeout: 10).single()
        XCTAssertEqual(orders.map(\.lines), [[OrderLine(menuID: 4, name: "튀김", price: 1000, count: 2)]])
    }

    func testAnotherScreenOnTheSameDatabaseStartsWhereTheFirstLeftOff() {
        let database = Self.makeDatabase(selected: [:])
        let stored = Self.storedRows(database)
        let first = Self.show(database, expecting: sampleMenus)
        Self.press("+", .down, "+", "+", on: first.terminal)
        stored.wait { $0.last == [["1", "1"], ["2", "2"]] }

        // The next run: a new screen, and the commands' read of the same database.
        let second = Self.show(database, expecting: selecting([1: 1, 2: 2]))
        XCTAssertEqual(second.controller.totalPrice.text, "₩11,000")
        let menus = try! LiveMenuSelectionService(database: database).selectedMenus().toBlocking(timeout: 10).single()
        XCTAssertEqual(menus, selecting([1: 1, 2: 2]))
    }

    func testAWriteThatFailsShowsAnAlertAndTheScreenShowsWhatIsStored() {
        let database = Self.makeDatabase(selected: [:])
        let stored = Self.storedRows(database)
        let shown = Self.show(database, expecting: sampleMenus)
        try! database.write {
            try $0.execute(
                sql: """
                    CREATE TRIGGER refuseSelection BEFORE INSERT ON menuSelection BEGIN SELECT RAISE(ABORT, 'disk full'); END
                    """)
        }
        Self.press("+", on: shown.terminal)
        shown.alerts.wait { $0.map(\.title).contains("Selection Fail") }
        // The database refused on its own queue; the alert, like every output, comes on the main thread.
        XCTAssertEqual(shown.alertsOnMainThread.elements, [true])
        drainMainQueue()
        XCTAssertEqual(shown.controller.presentedAlert?.title, "Selection Fail")
        XCTAssertEqual(shown.controller.presentedAlert?.message?.hasPrefix("The menu's storage failed: "), true)
        XCTAssertEqual(shown.controller.presentedAlert?.actions, [AlertAction(title: "OK", style: .default)])
        Self.press(.enter, on: shown.terminal)
        // Storage did not get the count, so the screen, which shows what is stored, does not show it.
        XCTAssertEqual(shown.controller.tableView.rows.first?.columns[2], "- 0 +")
        XCTAssertEqual(try! database.read { try $0.fetchRows(sql: "SELECT count(*) FROM menuSelection") }.first.map { text($0[0]) }, "0")

        try! database.write { try $0.execute(sql: "DROP TRIGGER refuseSelection") }
        Self.press(.down, "+", on: shown.terminal)
        stored.wait { $0.last == [["2", "1"]] }
    }
}

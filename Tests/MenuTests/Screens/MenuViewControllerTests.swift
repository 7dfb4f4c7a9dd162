import Architecture
import Foundation
import MenuInterface
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigTesting
import TerminalUI
import XCTest

@testable import Menu

/// The screen `MenuFeature` builds — the store over the live client on a real (in-memory) database
/// — on the headless terminal, as the tutorial's view controller would be tested: what it shows, the
/// keys that change it, and what reaches the database. The database answers on its own queue and
/// the screen draws on the main queue; the tests wait for the state they expect with expectations
/// (`Collector.wait`, `drainMainQueue`), never for a time.
@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class MenuViewControllerTests: XCTestCase {
    // MARK: Fixture

    /// A remote config serving the sample catalog, fetching on every call.
    private static func makeRemoteConfig() -> FakeRemoteConfig {
        let remoteConfig = FakeRemoteConfig.sample()
        remoteConfig.configSettings.minimumFetchInterval = 0
        return remoteConfig
    }

    /// A database holding the sample catalog and `counts` stored as `bistro menu set` stores them.
    private static func makeDatabase(selected counts: [Int: Int] = [:]) -> SQLiteDatabase {
        let database = try! SQLiteDatabase.inMemory(migrations: MenuFeature.migrations)
        Collector(LiveMenuEvents(remoteConfig: FakeRemoteConfig.sample(), database: database).events())
            .wait { $0.last?.element == sampleMenus }
        let service = LiveMenuSelectionService(database: database)
        for (menuID, count) in counts { _ = try! service.setCount(count, of: menuID).toBlocking(timeout: 10).single() }
        return database
    }

    /// The stored selection rows (menu id, count), now and after every change of the table.
    private static func storedRows(_ database: any Database) -> Collector<[[String]]> {
        Collector(
            database.observe { db in
                try db.fetchRows(sql: "SELECT menuID, count FROM menuSelection ORDER BY menuID").map { $0.values.map(text) }
            })
    }

    @MainActor private struct Shown {
        let terminal: HeadlessTerminal
        let controller: MenuViewController
        let states: Collector<MenuList.State>

        /// Waits until the store's state satisfies `done`, then lets the screen draw it.
        func wait(file: StaticString = #filePath, line: UInt = #line, until done: @escaping @Sendable (MenuList.State) -> Bool) {
            states.wait(file: file, line: line) { $0.last.map(done) ?? false }
            drainMainQueue()
        }

        /// Presses `keys`, then lets the screen draw.
        func press(_ keys: Key...) {
            for key in keys { terminal.press(key) }
            drainMainQueue()
        }
    }

    /// The app's screen over `database` on a headless terminal, its client changed by `adjust`,
    /// once its state shows `expected`.
    private static func show(
        _ database: any Database, remoteConfig: FakeRemoteConfig = makeRemoteConfig(), expecting expected: [MenuItem]? = sampleMenus,
        adjust: (inout MenuClient) -> Void = { _ in }
    ) -> Shown {
        var client = MenuClient.live(database: database, tables: menuTables(remoteConfig, database))
        adjust(&client)
        let store = MenuFeature.makeStore(client: client)
        let terminal = HeadlessTerminal(width: 40, height: 12)
        let controller = MenuViewController(store: store)
        Screen(terminal: terminal).rootViewController = controller  // the terminal keeps the screen
        // Subscribed after the screen, so that it is told of a state after the screen: by then the
        // screen's hop to the main queue is queued, and `wait`'s draining of that queue draws it.
        let shown = Shown(terminal: terminal, controller: controller, states: Collector(store.states))
        if let expected { shown.wait { $0.menus == expected } }
        drainMainQueue()
        return shown
    }

    // MARK: Showing and counting

    func testTheMenuShowsEveryItemWithKoreanNamesAligned() {
        let shown = Self.show(Self.makeDatabase())
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
        let database = Self.makeDatabase()
        let stored = Self.storedRows(database)
        let shown = Self.show(database)
        shown.press("+", "+", .down, .down, "+", "-", "-", "-", .down, "+")
        shown.wait { $0.menus == selecting([1: 2, 4: 1]) }
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
        stored.wait { $0.last == [["1", "2"], ["4", "1"]] }
    }

    func testClearSetsEveryCountToZero() {
        let shown = Self.show(Self.makeDatabase())
        shown.press("+", .down, "+", "+")
        shown.wait { $0.totals?.itemsCount == 3 }
        XCTAssertEqual(shown.controller.itemCountLabel.text, "3")
        shown.press("c")
        shown.wait { $0.menus == sampleMenus }
        XCTAssertEqual(shown.controller.tableView.rows.map { $0.columns[2] }, Array(repeating: "- 0 +", count: 4))
        XCTAssertEqual(shown.controller.itemCountLabel.text, "0")
        XCTAssertEqual(shown.controller.totalPrice.text, "₩0")
    }

    func testTheScreenStartsFromTheStoredSelectionAndAnotherScreenStartsWhereTheFirstLeftOff() {
        let database = Self.makeDatabase(selected: [2: 2])
        let stored = Self.storedRows(database)
        let first = Self.show(database, expecting: selecting([2: 2]))
        XCTAssertEqual(first.controller.tableView.rows.map { $0.columns[2] }, ["- 0 +", "- 2 +", "- 0 +", "- 0 +"])
        XCTAssertEqual(first.controller.totalPrice.text, "₩7,000")
        first.press("+")
        stored.wait { $0.last == [["1", "1"], ["2", "2"]] }

        // The next run: a new screen, and the commands' read of the same database.
        let second = Self.show(database, expecting: selecting([1: 1, 2: 2]))
        XCTAssertEqual(second.controller.totalPrice.text, "₩11,000")
        let menus = try! LiveMenuSelectionService(database: database).selectedMenus().toBlocking(timeout: 10).single()
        XCTAssertEqual(menus, selecting([1: 1, 2: 2]))
        // A change made on one screen shows on the other.
        second.press(.down, .down, "+")
        first.wait { $0.menus == selecting([1: 1, 2: 2, 3: 1]) }
    }

    func testAWriteThatFailsShowsAnAlertAndTheScreenShowsWhatIsStored() {
        let database = Self.makeDatabase()
        let stored = Self.storedRows(database)
        let shown = Self.show(database)
        try! database.write {
            try $0.execute(
                sql: """
                    CREATE TRIGGER refuseSelection BEFORE INSERT ON menuSelection BEGIN SELECT RAISE(ABORT, 'disk full'); END
                    """)
        }
        shown.press("+")
        shown.wait { $0.alert?.title == "Selection Fail" }
        XCTAssertEqual(shown.controller.presentedAlert?.title, "Selection Fail")
        XCTAssertEqual(shown.controller.presentedAlert?.message?.hasPrefix("The menu's storage failed: "), true)
        XCTAssertEqual(shown.controller.presentedAlert?.actions, [AlertAction(title: "OK", style: .default)])
        shown.press(.enter)
        shown.wait { $0.alert == nil }
        // Storage did not get the count, so the screen, which shows what is stored, does not show it.
        XCTAssertEqual(shown.controller.tableView.rows.first?.columns[2], "- 0 +")
        XCTAssertEqual(try! database.read { try $0.fetchRows(sql: "SELECT count(*) FROM menuSelection") }.first.map { text($0[0]) }, "0")

        try! database.write { try $0.execute(sql: "DROP TRIGGER refuseSelection") }
        shown.press(.down, "+")
        stored.wait { $0.last == [["2", "1"]] }
    }

    // MARK: Orders

    func testOrderWithNothingSelectedShowsOrderFailNoOrders() {
        let database = Self.makeDatabase()
        let shown = Self.show(database)
        shown.press("o")
        shown.wait { $0.alert != nil }

        let alert = shown.controller.presentedAlert
        XCTAssertEqual(alert?.title, "Order Fail")
        XCTAssertEqual(alert?.message, "No Orders")
        XCTAssertEqual(alert?.actions, [AlertAction(title: "OK", style: .default)])
        XCTAssertTrue(shown.terminal.snapshot().contains("Order Fail"))
        XCTAssertTrue(shown.terminal.snapshot().contains("No Orders"))

        shown.press(.enter)
        XCTAssertNil(shown.controller.presentedAlert)
        XCTAssertFalse(shown.terminal.snapshot().contains("No Orders"))
        XCTAssertEqual(try! LiveOrderService(database: database).placedOrders().toBlocking(timeout: 10).single(), [])
    }

    func testAnOrderTypedFasterThanTheScreenRedrawsHoldsEveryTapAndEmptiesTheSelection() {
        let database = Self.makeDatabase()
        let shown = Self.show(database)
        // No wait between the taps and the order: the order is of what is stored behind them.
        shown.press("+", .down, .down, .down, "+", "+", "o")
        shown.wait { $0.alert?.title == "Order Placed" }
        XCTAssertEqual(shown.controller.presentedAlert?.message, "Order 1: ₩6,000")
        let orders = try! LiveOrderService(database: database).placedOrders().toBlocking(timeout: 10).single()
        XCTAssertEqual(orders.map(\.lines), [try! Order(menus: selecting([1: 1, 4: 2])).lines])
        shown.press(.enter)
        shown.wait { $0.menus == sampleMenus }
        XCTAssertEqual(shown.controller.itemCountLabel.text, "0")
        XCTAssertEqual(shown.controller.totalPrice.text, "₩0")
    }

    // MARK: Failures and refreshes

    func testAFailureToLoadTheMenuShowsAnAlertAndTheEmptyMenuStays() {
        let database = try! SQLiteDatabase.inMemory(migrations: MenuFeature.migrations)
        let shown = Self.show(database, expecting: nil) { client in
            client.keepInStep = { .just(.invalidCatalog(.duplicateID(2))) }
        }
        shown.wait { $0.alert != nil }
        XCTAssertEqual(shown.controller.presentedAlert?.title, "Menu Fail")
        XCTAssertEqual(shown.controller.presentedAlert?.message, "The menu was rejected: id 2 is used twice.")
        XCTAssertEqual(shown.controller.presentedAlert?.actions, [AlertAction(title: "OK", style: .default)])
        shown.press(.enter)
        XCTAssertNil(shown.controller.presentedAlert)
        XCTAssertTrue(shown.terminal.snapshot().contains("No menu"))
    }

    func testTheScreenShowsTheAlertInStateTheLatestReplacesItAndItsOKDismissesIt() {
        let failures = PublishSubject<MenuError>()
        let shown = Self.show(Self.makeDatabase()) { client in
            client.keepInStep = { failures }
        }
        failures.onNext(.catalogUnavailable(reason: "offline."))
        shown.wait { $0.alert != nil }
        XCTAssertEqual(shown.controller.presentedAlert?.message, "The menu could not be loaded: offline.")

        // Another failure replaces the alert shown: one alert on screen, the latest.
        failures.onNext(.invalidCatalog(.duplicateID(2)))
        shown.wait { $0.alert?.message == "The menu was rejected: id 2 is used twice." }
        XCTAssertEqual(shown.controller.presentedAlert?.message, "The menu was rejected: id 2 is used twice.")
        XCTAssertFalse(shown.terminal.snapshot().contains("offline"))

        // OK dismisses it in the state, and the screen shows none.
        shown.press(.enter)
        shown.wait { $0.alert == nil }
        XCTAssertNil(shown.controller.presentedAlert)
        XCTAssertEqual(Set(shown.states.elements.compactMap(\.alert?.title)), ["Menu Fail"])
    }

    func testTheScreenFollowsTheDatabaseAndARefreshThatChangesASelectedItemSaysSoOnce() {
        let database = Self.makeDatabase(selected: [2: 2, 3: 1])
        let remoteConfig = Self.makeRemoteConfig()
        let shown = Self.show(database, remoteConfig: remoteConfig, expecting: selecting([2: 2, 3: 1]))

        // Another writer changes an item nobody selected: the screen follows the database.
        try! database.write { try $0.execute(sql: "UPDATE menuItems SET price = 4200 WHERE id = 1") }
        shown.wait { $0.menus.first?.price == 4200 }
        XCTAssertEqual(shown.controller.tableView.rows.first?.columns[1], "₩4,200")

        // The server gives id 2 another dish and drops id 3: neither count moves to what the user did not choose.
        var values = RemoteConfigSample.entries
        values["menu"] = #"[{"id": 1, "name": "떡볶이", "price": 4000}, {"id": 2, "name": "Token Tea", "price": 4000}]"#
        remoteConfig.publish(values)
        shown.wait { $0.alert?.title == "Menu Changed" }
        XCTAssertEqual(
            shown.states.elements.last?.menus,
            [MenuItem(id: 1, name: "떡볶이", price: 4000), MenuItem(id: 2, name: "Token Tea", price: 4000)])
        XCTAssertEqual(
            shown.controller.presentedAlert?.message,
            """
            김밥 (₩3,500) is now Token Tea (₩4,000): 2 taken off the selection.
            라면 (₩4,500) is no longer on the menu: 1 taken off the selection.
            """)
        XCTAssertEqual(shown.controller.itemCountLabel.text, "0")
        shown.press(.enter)
        shown.wait { $0.alert == nil }

        // Told is told: the changes are gone from the database, and the next screen says nothing.
        let changes = Collector(database.observe { try MenuSelectionChangeRecord.changes(in: $0) })
        changes.wait { $0.last == [] }
        let next = Self.show(database, remoteConfig: remoteConfig, expecting: nil)
        next.wait { $0.menus.count == 2 }
        XCTAssertNil(next.controller.presentedAlert)
    }
}

import Architecture
import ArchitectureTesting
import Dependencies
import Foundation
import MenuInterface
import Reactive
import XCTest

@testable import Menu

/// The menu screen's rules on the exhaustive TestStore (the RxSwift menu tutorial's view-model tests,
/// on the reducer): every state change and every action an effect sends is asserted, and an
/// endpoint of the client a test did not set up fails it.
final class MenuListTests: XCTestCase {
    private let placedAt = Date(timeIntervalSinceReferenceDate: 0)

    private func receipt(_ menus: [MenuItem], id: Int64 = 1) -> Receipt {
        Receipt(orderID: id, placedAt: placedAt, order: try! Order(menus: menus))
    }

    // MARK: Following the stored menu

    func testTheScreenShowsTheStoredMenuAsTheClientReportsItWithItsTotals() async {
        let menus = PublishSubject<[MenuItem]>()
        let failures = PublishSubject<MenuError>()
        let store = TestStore(initialState: MenuList.State(), reducer: MenuList())
        store.dependencies.menuClient.menus = { menus }
        store.dependencies.menuClient.keepInStep = { failures }
        store.dependencies.menuClient.selectionChanges = { .just([]) }

        let following = await store.send(.task)
        await store.receive(._selectionChangesFound([]))
        menus.onNext(sampleMenus)
        await store.receive(._menusChanged(sampleMenus)) {
            $0.menus = sampleMenus
        }
        menus.onNext(selecting([1: 2, 4: 3]))
        await store.receive(._menusChanged(selecting([1: 2, 4: 3]))) {
            $0.menus = selecting([1: 2, 4: 3])
        }
        XCTAssertEqual(store.state.totals, try MenuTotals(selecting([1: 2, 4: 3])))
        XCTAssertEqual(store.state.totals?.itemsCount, 5)
        XCTAssertEqual(store.state.totals?.totalPrice, 11_000)
        following.cancel()
    }

    func testAFailureToKeepTheMenuInStepIsTheAlertUntilItsOKAndTheMenuStays() async {
        let failures = PublishSubject<MenuError>()
        let store = TestStore(initialState: MenuList.State(menus: sampleMenus), reducer: MenuList())
        store.dependencies.menuClient.menus = { .never() }
        store.dependencies.menuClient.keepInStep = { failures }
        store.dependencies.menuClient.selectionChanges = { .never() }

        let following = await store.send(.task)
        failures.onNext(.catalogUnavailable(reason: "offline"))
        await store.receive(._menuFailed(.catalogUnavailable(reason: "offline"))) {
            $0.alert = MenuAlert(title: "Menu Fail", message: "The menu could not be loaded: offline")
        }
        await store.send(.alertDismissed) {
            $0.alert = nil
        }
        following.cancel()
    }

    func testAMenuThatCannotBeReadIsAnAlert() async {
        let store = TestStore(initialState: MenuList.State(), reducer: MenuList())
        store.dependencies.menuClient.menus = { .error(MenuError.storage(reason: "disk I/O error")) }
        store.dependencies.menuClient.keepInStep = { .never() }
        store.dependencies.menuClient.selectionChanges = { .never() }

        let following = await store.send(.task)
        await store.receive(._menuFailed(.storage(reason: "disk I/O error"))) {
            $0.alert = MenuAlert(title: "Menu Fail", message: "The menu's storage failed: disk I/O error")
        }
        following.cancel()
    }

    func testAReloadSyncsAgainAndReplacesTheSyncInFlight() async {
        let syncs = Recording<Int>()
        let store = TestStore(initialState: MenuList.State(), reducer: MenuList())
        store.dependencies.menuClient.keepInStep = {
            .create { _ in
                syncs.append(1)
                return Disposables.create { syncs.append(-1) }
            }
        }
        await store.send(.reloadButtonTapped)
        await store.send(.reloadButtonTapped)
        // The first sync ended when the second started: one runs at a time.
        XCTAssertEqual(syncs.all, [1, -1, 1])
        await store.skipInFlightEffects()
    }

    // MARK: Counts

    func testATapAsksTheClientForTheChangeOfTheItemAsShownAndTheChangeShowsWhenReported() async {
        let asked = Recording<String>()
        let store = TestStore(initialState: MenuList.State(menus: sampleMenus), reducer: MenuList())
        store.dependencies.menuClient.changeCount = { item, delta in
            asked.append("\(item.id) \(item.name) \(item.price) \(delta)")
            return .just(try! MenuSelection(counts: [item.id: 1]))
        }
        store.dependencies.menuClient.clearSelection = {
            asked.append("clear")
            return .just(.empty)
        }
        // The change is stored; nothing shows until the stored menu is reported.
        await store.send(.countButtonTapped(sampleMenus[1], delta: 1))
        await store.send(.countButtonTapped(sampleMenus[1], delta: -1))
        await store.send(.clearButtonTapped)
        XCTAssertEqual(asked.all, ["2 김밥 3500 1", "2 김밥 3500 -1", "clear"])
    }

    func testACountOrATotalThatWouldNotFitIsRefusedAtOnceWithoutAskingTheClient() async {
        let pricey = [MenuItem(id: 1, name: "금", price: Int.max / 2, count: 1), MenuItem(id: 2, name: "물", price: 1, count: Int.max)]
        let store = TestStore(initialState: MenuList.State(menus: pricey), reducer: MenuList())
        // The client is not set up: asking it would fail the test.
        await store.send(.countButtonTapped(pricey[1], delta: 1)) {
            $0.alert = MenuAlert(title: "Count Fail", message: "That count is too large.")
        }
        await store.send(.countButtonTapped(pricey[0], delta: 2)) {
            $0.alert = MenuAlert(title: "Count Fail", message: "The total is too large.")
        }
    }

    func testARefusedOrFailedChangeIsAnAlertAndChangesNothing() async {
        let store = TestStore(initialState: MenuList.State(menus: sampleMenus), reducer: MenuList())
        store.dependencies.menuClient.changeCount = { item, _ in .error(MenuError.staleOrder(menuID: item.id)) }
        store.dependencies.menuClient.clearSelection = { .error(MenuError.storage(reason: "disk full")) }

        await store.send(.countButtonTapped(sampleMenus[0], delta: 1))
        await store.receive(._selectionChangeFailed(.staleOrder(menuID: 1))) {
            $0.alert = MenuAlert(title: "Selection Fail", message: "The menu changed; please check your order.")
        }
        await store.send(.clearButtonTapped)
        await store.receive(._selectionChangeFailed(.storage(reason: "disk full"))) {
            $0.alert = MenuAlert(title: "Selection Fail", message: "The menu's storage failed: disk full")
        }
        store.dependencies.menuClient.changeCount = { _, _ in .error(MenuError.totalOverflow) }
        await store.send(.countButtonTapped(sampleMenus[0], delta: 1))
        await store.receive(._selectionChangeFailed(.totalOverflow)) {
            $0.alert = MenuAlert(title: "Count Fail", message: "The total is too large.")
        }
    }

    func testTotalsThatDoNotFitAreNoneNotWrapped() {
        let state = MenuList.State(menus: [MenuItem(id: 1, name: "금", price: Int.max, count: 2)])
        XCTAssertNil(state.totals)
    }

    // MARK: Orders

    func testAnOrderIsInFlightUntilPlacedAndASecondTapMeanwhileOrdersNothing() async {
        let answer = PublishSubject<Receipt>()
        let orders = Recording<Int>()
        let ordered = selecting([1: 2])
        let store = TestStore(initialState: MenuList.State(menus: ordered), reducer: MenuList())
        store.dependencies.menuClient.placeOrder = {
            orders.append(1)
            return answer.take(1).asSingle()
        }

        await store.send(.orderButtonTapped) {
            $0.isOrdering = true
        }
        await store.send(.orderButtonTapped)
        XCTAssertEqual(orders.all, [1])
        answer.onNext(receipt(ordered, id: 7))
        await store.receive(._orderPlaced(receipt(ordered, id: 7))) {
            $0.isOrdering = false
            $0.alert = MenuAlert(title: "Order Placed", message: "Order 7: ₩8,000")
        }
    }

    func testOrderingNothingOrAStaleOrderIsOrderFail() async {
        let store = TestStore(initialState: MenuList.State(menus: sampleMenus), reducer: MenuList())
        store.dependencies.menuClient.placeOrder = { .error(MenuError.noOrders) }
        await store.send(.orderButtonTapped) {
            $0.isOrdering = true
        }
        await store.receive(._orderFailed(.noOrders)) {
            $0.isOrdering = false
            $0.alert = MenuAlert(title: "Order Fail", message: "No Orders")
        }
        store.dependencies.menuClient.placeOrder = { .error(MenuError.staleOrder(menuID: 2)) }
        await store.send(.orderButtonTapped) {
            $0.isOrdering = true
        }
        await store.receive(._orderFailed(.staleOrder(menuID: 2))) {
            $0.isOrdering = false
            $0.alert = MenuAlert(title: "Order Fail", message: "The menu changed; please check your order.")
        }
    }

    // MARK: What a refresh did to the selection

    func testSelectionChangesAreOneAlertAndItsOKMarksThemTold() async {
        let changes = PublishSubject<[MenuSelectionChange]>()
        let told = Recording<[Int64]>()
        let store = TestStore(initialState: MenuList.State(), reducer: MenuList())
        store.dependencies.menuClient.menus = { .never() }
        store.dependencies.menuClient.keepInStep = { .never() }
        store.dependencies.menuClient.selectionChanges = { changes }
        store.dependencies.menuClient.acknowledge = { changes in
            told.append(changes.map(\.id))
            return .empty()
        }
        let renamed = MenuSelectionChange(
            id: 1, chosen: MenuItem(id: 2, name: "김밥", price: 3500, count: 2), now: MenuItem(id: 2, name: "Token Tea", price: 4000))
        let gone = MenuSelectionChange(id: 2, chosen: MenuItem(id: 4, name: "튀김", price: 1000, count: 1), now: nil)

        let following = await store.send(.task)
        changes.onNext([renamed, gone])
        await store.receive(._selectionChangesFound([renamed, gone])) {
            $0.alert = MenuAlert(
                title: "Menu Changed",
                message: """
                    김밥 (₩3,500) is now Token Tea (₩4,000): 2 taken off the selection.
                    튀김 (₩1,000) is no longer on the menu: 1 taken off the selection.
                    """)
            $0.toldChanges = [renamed, gone]
        }
        // The same changes reported again (another screen's write woke the observation): said once.
        changes.onNext([renamed, gone])
        await store.receive(._selectionChangesFound([renamed, gone]))
        await store.send(.alertDismissed) {
            $0.alert = nil
            $0.toldChanges = []
        }
        XCTAssertEqual(told.all, [[1, 2]])
        // Once told, the client reports none.
        changes.onNext([])
        await store.receive(._selectionChangesFound([]))
        following.cancel()
    }

    func testAnAlertThatReplacesTheChangesLeavesThemToBeTold() async {
        let renamed = MenuSelectionChange(
            id: 1, chosen: MenuItem(id: 2, name: "김밥", price: 3500, count: 2), now: MenuItem(id: 2, name: "Token Tea", price: 4000))
        let store = TestStore(
            initialState: MenuList.State(alert: MenuAlert(title: "Menu Changed", message: renamed.description), toldChanges: [renamed]),
            reducer: MenuList())
        await store.send(._menuFailed(.catalogUnavailable(reason: "offline"))) {
            $0.alert = MenuAlert(title: "Menu Fail", message: "The menu could not be loaded: offline")
            $0.toldChanges = []
        }
        // Not told: the acknowledgement is not asked for (the client is not set up).
        await store.send(.alertDismissed) {
            $0.alert = nil
        }
    }
}

import Menu
import MenuInterface
import Reactive
import ReactiveTesting
import XCTest

/// The view model with a selection service, on virtual time: it starts from the stored selection
/// and stores the whole selection after each change it makes, so storage holds what the screen shows.
/// The stub services answer at once; the store's states reach the view model one tick later.
final class MenuListViewModelSelectionTests: XCTestCase {
    func testItStartsFromTheStoredSelection() { MainActor.assumeIsolated { Self.startsFromStored() } }
    func testTheCatalogWaitsUntilTheStoredSelectionIsRead() { MainActor.assumeIsolated { Self.catalogWaits() } }
    func testTheStoredSelectionGoesOntoTheFirstCatalogWithItems() { MainActor.assumeIsolated { Self.firstCatalogWithItems() } }
    func testEveryChangeIsStoredWholeAndNoChangeStoresNothing() { MainActor.assumeIsolated { Self.changesStored() } }
    func testAPlacedOrderTakesTheOrderedCountsOffTheStoredSelection() { MainActor.assumeIsolated { Self.orderStored() } }
    func testWhatIsAddedWhileAnOrderIsOnItsWayStaysStored() { MainActor.assumeIsolated { Self.orderInFlightStored() } }
    func testStoredCountsOfItemsNotOnTheCatalogGoAndStorageFollowsTheScreen() { MainActor.assumeIsolated { Self.unknownStoredItems() } }
    func testACatalogThatLosesAnItemIsFollowedByTheStoredSelection() { MainActor.assumeIsolated { Self.catalogLosesItem() } }
    func testAFailedStoreShowsAnAlertKeepsTheScreenAndTheNextChangeStoresItWhole() { MainActor.assumeIsolated { Self.saveFails() } }
    func testAnUnreadableSelectionShowsAnAlertAndIsReplacedOnlyByAChange() { MainActor.assumeIsolated { Self.loadFails() } }
    func testWithoutASelectionServiceTheStoreNeverHearsOfASelection() { MainActor.assumeIsolated { Self.withoutService() } }
    func testASelectionStoredElsewhereShowsAndIsNotStoredAgain() { MainActor.assumeIsolated { Self.storedElsewhere() } }
    func testASelectionStoredElsewhereBeforeTheCatalogArrivesGoesOntoIt() { MainActor.assumeIsolated { Self.storedElsewhereEarly() } }
    func testAfterAFailedStoreTheScreenKeepsItsCountsOverStorage() { MainActor.assumeIsolated { Self.storedElsewhereAfterFailure() } }
    func testAStateFromBeforeTheLatestChangeDoesNotUndoIt() { MainActor.assumeIsolated { Self.staleStateAfterChange() } }

    // MARK: Fixture

    @MainActor
    private struct Fixture {
        let scheduler = TestScheduler(initialClock: 0)
        let menuService: StubMenuService
        let orderService: StubOrderService
        let selectionService: StubSelectionService
        let viewModel: MenuListViewModel
        let menus: TestableObserver<[MenuItem]>
        let alerts: TestableObserver<MenuAlert>
        let disposeBag = DisposeBag()

        init(
            _ selectionService: StubSelectionService,
            menuService: StubMenuService = StubMenuService(), orderService: StubOrderService = StubOrderService()
        ) {
            self.menuService = menuService
            self.orderService = orderService
            self.selectionService = selectionService
            viewModel = MenuListViewModel(
                menuService: menuService, orderService: orderService, selectionService: selectionService, scheduler: scheduler)
            menus = scheduler.createObserver([MenuItem].self)
            alerts = scheduler.createObserver(MenuAlert.self)
            viewModel.menuObservable.subscribe(menus).disposed(by: disposeBag)
            viewModel.alerts.subscribe(alerts).disposed(by: disposeBag)
        }

        /// Runs `action` at virtual time `time`.
        func at(_ time: TestTime, _ action: @escaping @MainActor () -> Void) {
            scheduler.scheduleAt(time) { MainActor.assumeIsolated { action() } }
        }
    }

    // MARK: Starting

    @MainActor private static func startsFromStored() {
        let f = Fixture(StubSelectionService(selection([1: 2, 4: 1])))
        let totals = f.scheduler.createObserver(Int.self)
        f.viewModel.totalPrice.subscribe(totals).disposed(by: f.disposeBag)
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events, [.next(0, []), .next(101, selecting([1: 2, 4: 1])), .next(200, selecting([1: 3, 4: 1]))])
        XCTAssertEqual(totals.events, [.next(0, 0), .next(101, 9000), .next(200, 13_000)])
        // Showing what is stored stores nothing; the change is stored whole.
        XCTAssertEqual(f.selectionService.replaced, [selection([1: 3, 4: 1])])
        XCTAssertEqual(f.alerts.events, [])
    }

    @MainActor private static func catalogWaits() {
        let f = Fixture(StubSelectionService(selection([2: 2]), holdLoad: true))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(150) { f.selectionService.releaseLoad() }
        f.scheduler.start()

        // The catalog reached the store at 100, but the screen starts from the stored selection at 151.
        XCTAssertEqual(f.menus.events, [.next(0, []), .next(151, selecting([2: 2]))])
        XCTAssertEqual(f.selectionService.replaced, [])
    }

    @MainActor private static func firstCatalogWithItems() {
        let f = Fixture(StubSelectionService(selection([2: 2])), menuService: StubMenuService(.next([])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.menuService.events.onNext(.next(sampleMenus)) }
        f.scheduler.start()

        // A first launch: the stored catalog is empty until the refresh wrote it.
        XCTAssertEqual(f.menus.events, [.next(0, []), .next(201, selecting([2: 2]))])
        XCTAssertEqual(f.selectionService.replaced, [])
    }

    // MARK: Changes

    @MainActor private static func changesStored() {
        let f = Fixture(StubSelectionService())
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[2], increase: 2) }
        f.at(220) { f.viewModel.changeCount(item: sampleMenus[1], increase: -1) } // already 0: nothing to store
        f.at(230) { f.viewModel.changeCount(item: sampleMenus[2], increase: -1) }
        f.at(300) { f.viewModel.clearAllItemSelections() }
        f.at(310) { f.viewModel.clearAllItemSelections() }
        f.scheduler.start()

        XCTAssertEqual(f.selectionService.replaced, [selection([1: 1]), selection([1: 1, 3: 2]), selection([1: 1, 3: 1]), .empty])
        XCTAssertEqual(f.selectionService.stored, .empty)
        XCTAssertEqual(f.alerts.events, [])
    }

    @MainActor private static func orderStored() {
        let f = Fixture(StubSelectionService(selection([1: 2])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[3], increase: 1) }
        f.at(300) { f.viewModel.order() }
        f.scheduler.start()

        XCTAssertEqual(f.orderService.received, [try! Order(menus: selecting([1: 2, 4: 1]))])
        XCTAssertEqual(f.alerts.events, [.next(302, MenuAlert(title: "Order Placed", message: "Order 1: ₩9,000"))])
        XCTAssertEqual(f.menus.events.last, .next(302, sampleMenus))
        XCTAssertEqual(f.selectionService.replaced, [selection([1: 2, 4: 1]), .empty])
        XCTAssertEqual(f.selectionService.stored, .empty)
    }

    @MainActor private static func orderInFlightStored() {
        let f = Fixture(StubSelectionService(selection([1: 2])), orderService: StubOrderService(hold: true))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(300) { f.viewModel.order() }
        f.at(310) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(320) { f.orderService.release() }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events.last, .next(321, selecting([1: 1])))
        XCTAssertEqual(f.selectionService.replaced, [selection([1: 3]), selection([1: 1])])
    }

    // MARK: The catalog

    @MainActor private static func unknownStoredItems() {
        let f = Fixture(StubSelectionService(selection([1: 2, 9: 1])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events.last, .next(101, selecting([1: 2])))
        XCTAssertEqual(f.selectionService.replaced, [selection([1: 2])])
    }

    @MainActor private static func catalogLosesItem() {
        let f = Fixture(StubSelectionService(selection([1: 1, 2: 2])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.menuService.events.onNext(.next([sampleMenus[0]])) }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events.last, .next(201, [MenuItem(id: 1, name: "떡볶이", price: 4000, count: 1)]))
        XCTAssertEqual(f.selectionService.replaced, [selection([1: 1])])
    }

    // MARK: Failures

    @MainActor private static func saveFails() {
        let f = Fixture(StubSelectionService(saveError: .storage(reason: "disk full")))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(250) { f.selectionService.failSaves(with: nil) }
        // Nothing changes on the screen (already 0), but storage is behind it: the whole selection is stored.
        f.at(300) { f.viewModel.changeCount(item: sampleMenus[1], increase: -1) }
        f.at(400) { f.viewModel.changeCount(item: sampleMenus[1], increase: -1) }
        f.scheduler.start()

        // 202: the store request (one store in flight) is a state of its own, delivered at 201.
        XCTAssertEqual(f.alerts.events, [.next(202, MenuAlert(title: "Selection Fail", message: "The menu's storage failed: disk full"))])
        // The screen kept the customer's selection through the failure.
        XCTAssertEqual(f.menus.events.map(\.value.element).last, selecting([1: 1]))
        XCTAssertEqual(f.selectionService.replaced, [selection([1: 1]), selection([1: 1])])
        XCTAssertEqual(f.selectionService.stored, selection([1: 1]))
    }

    @MainActor private static func loadFails() {
        let f = Fixture(StubSelectionService(selection([2: 5]), loadError: .storage(reason: "unreadable")))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.scheduler.start()

        // The store's first states (empty, loading, failed) reach the view model one tick apart.
        XCTAssertEqual(f.alerts.events, [.next(3, MenuAlert(title: "Selection Fail", message: "The menu's storage failed: unreadable"))])
        XCTAssertEqual(f.menus.events, [.next(0, []), .next(101, sampleMenus), .next(200, selecting([1: 1]))])
        // Showing the catalog did not overwrite what could not be read; the customer's change did.
        XCTAssertEqual(f.selectionService.replaced, [selection([1: 1])])
    }

    @MainActor private static func withoutService() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = MenuFeature.makeStore(menuService: StubMenuService(), orderService: StubOrderService())
        let viewModel = MenuListViewModel(store: store, scheduler: scheduler)
        scheduler.scheduleAt(100) { MainActor.assumeIsolated { viewModel.fetchMenu() } }
        scheduler.scheduleAt(200) { MainActor.assumeIsolated { viewModel.changeCount(item: sampleMenus[0], increase: 1) } }
        scheduler.scheduleAt(300) { MainActor.assumeIsolated { viewModel.clearAllItemSelections() } }
        scheduler.start()

        XCTAssertEqual(store.state.selection, SelectionState())
        XCTAssertEqual(try viewModel.menuObservable.value(), sampleMenus)
    }

    // MARK: Changes made elsewhere

    @MainActor private static func storedElsewhere() {
        let f = Fixture(StubSelectionService(selection([1: 1])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.selectionService.storeElsewhere(selection([2: 3])) }
        f.at(300) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events, [
            .next(0, []), .next(101, selecting([1: 1])), .next(201, selecting([2: 3])), .next(300, selecting([1: 1, 2: 3])),
        ])
        // Only the customer's change was stored: what came from storage is not written back.
        XCTAssertEqual(f.selectionService.replaced, [selection([1: 1, 2: 3])])
        XCTAssertEqual(f.alerts.events, [])
    }

    @MainActor private static func storedElsewhereEarly() {
        let f = Fixture(StubSelectionService(selection([1: 1])))
        f.at(50) { f.selectionService.storeElsewhere(selection([4: 2])) }
        f.at(100) { f.viewModel.fetchMenu() }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events, [.next(0, []), .next(101, selecting([4: 2]))])
        XCTAssertEqual(f.selectionService.replaced, [])
    }

    @MainActor private static func staleStateAfterChange() {
        let f = Fixture(StubSelectionService())
        f.at(100) { f.viewModel.fetchMenu() }
        // Two changes in one tick: the store answers the first store at once, but that state (nothing
        // in flight, [1: 1] stored) reaches the view model a tick later, after the second change.
        f.at(200) {
            f.viewModel.changeCount(item: sampleMenus[0], increase: 1)
            f.viewModel.clearAllItemSelections()
        }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events, [.next(0, []), .next(101, sampleMenus), .next(200, selecting([1: 1])), .next(200, sampleMenus)])
        XCTAssertEqual(f.selectionService.replaced, [selection([1: 1]), .empty])
        XCTAssertEqual(f.selectionService.stored, .empty)
    }

    @MainActor private static func storedElsewhereAfterFailure() {
        let f = Fixture(StubSelectionService(saveError: .storage(reason: "disk full")))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(300) { f.selectionService.storeElsewhere(selection([2: 1])) }
        f.scheduler.start()

        // Storage is unknown after the failure: the screen keeps the customer's count rather than
        // follow it, and the next change stores the whole selection (as the failure tests show).
        XCTAssertEqual(f.menus.events.map(\.value.element).last, selecting([1: 1]))
    }
}

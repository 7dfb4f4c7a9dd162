import Menu
import MenuInterface
import Reactive
import ReactiveTesting
import XCTest

/// The view model with a selection service, on virtual time: the screen shows what the service
/// reports (the stored catalog with the stored counts), taps are intents sent to the service, and
/// a change shows once the service reports it. The stub services answer at once; what they
/// report reaches the view model one tick later.
final class MenuListViewModelSelectionTests: XCTestCase {
    func testItStartsFromTheStoredSelection() { MainActor.assumeIsolated { Self.startsFromStored() } }
    func testNothingShowsUntilTheStoredSelectionIsRead() { MainActor.assumeIsolated { Self.catalogWaits() } }
    func testTapsAreIntentsAndTheScreenShowsWhatTheServiceReports() { MainActor.assumeIsolated { Self.intents() } }
    func testAPlacedOrderIsTakenOffByTheOrderServiceNotByTheScreen() { MainActor.assumeIsolated { Self.orderStored() } }
    func testStoredCountsOfItemsNotOnTheCatalogAreNotShown() { MainActor.assumeIsolated { Self.unknownStoredItems() } }
    func testAFailedChangeShowsAnAlertAndTheScreenKeepsWhatIsStored() { MainActor.assumeIsolated { Self.saveFails() } }
    func testAnUnreadableSelectionShowsAnAlertAndNoCountsUntilAChangeIsStored() { MainActor.assumeIsolated { Self.loadFails() } }
    func testASelectionStoredElsewhereShows() { MainActor.assumeIsolated { Self.storedElsewhere() } }
    func testTwoChangesInOneTickBothShowAndTheLastReportWins() { MainActor.assumeIsolated { Self.twoChangesInOneTick() } }

    // MARK: Fixture

    @MainActor
    private struct Fixture {
        let scheduler = TestScheduler(initialClock: 0)
        let menuService: StubMenuService
        let orderService: StubOrderService
        let selectionService: StubSelectionService
        let viewModel: MenuListViewModel
        let menus: TestableObserver<[MenuItem]>
        let alert: TestableObserver<MenuAlert?>
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
            alert = scheduler.createObserver(MenuAlert?.self)
            viewModel.menuObservable.subscribe(menus).disposed(by: disposeBag)
            viewModel.alert.subscribe(alert).disposed(by: disposeBag)
        }

        /// The alerts shown, each when it appeared (a dismissal or the first nil is not one).
        var alerts: [Recorded<Event<MenuAlert>>] {
            alert.events.compactMap { recorded in recorded.value.element.flatMap { $0 }.map { .next(recorded.time, $0) } }
        }

        /// Runs `action` at virtual time `time`.
        func at(_ time: TestTime, _ action: @escaping @MainActor () -> Void) {
            scheduler.scheduleAt(time) { MainActor.assumeIsolated { action() } }
        }
    }

    // MARK: Tests

    @MainActor private static func startsFromStored() {
        let f = Fixture(StubSelectionService(selection([1: 2, 4: 1])))
        let totals = f.scheduler.createObserver(Int.self)
        f.viewModel.totalPrice.subscribe(totals).disposed(by: f.disposeBag)
        f.at(100) { f.viewModel.fetchMenu() }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events, [.next(0, []), .next(101, selecting([1: 2, 4: 1]))])
        XCTAssertEqual(totals.events, [.next(0, 0), .next(101, 9000)])
        XCTAssertEqual(f.selectionService.intents, [], "showing what is stored sends nothing")
        XCTAssertEqual(f.alerts, [])
    }

    @MainActor private static func catalogWaits() {
        let f = Fixture(StubSelectionService(selection([2: 2]), holdLoad: true))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.selectionService.releaseLoad() }
        f.scheduler.start()

        // Never the catalog without its counts: the screen waits for both.
        XCTAssertEqual(f.menus.events, [.next(0, []), .next(201, selecting([2: 2]))])
    }

    @MainActor private static func intents() {
        let f = Fixture(StubSelectionService(selection([1: 1])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[2], increase: -1) }
        f.at(220) { f.viewModel.clearAllItemSelections() }
        f.scheduler.start()

        XCTAssertEqual(f.selectionService.intents, [.change(menuID: 1, delta: 1), .change(menuID: 3, delta: -1), .clear])
        // A decrease at 0 stores the same selection; the screen shows nothing new for it.
        XCTAssertEqual(
            f.menus.events, [.next(0, []), .next(101, selecting([1: 1])), .next(201, selecting([1: 2])), .next(221, sampleMenus)])
    }

    @MainActor private static func orderStored() {
        let f = Fixture(StubSelectionService(selection([1: 2, 3: 1])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.order() }
        f.scheduler.start()

        XCTAssertEqual(f.orderService.received, [try! Order(menus: selecting([1: 2, 3: 1]))])
        XCTAssertEqual(f.alerts, [.next(202, MenuAlert(title: "Order Placed", message: "Order 1: ₩12,500"))])
        // The stub order service keeps no selection, so nothing is taken off: the screen never
        // changes counts itself (`LiveOrderService` takes them off in the order's transaction).
        XCTAssertEqual(f.selectionService.intents, [])
        XCTAssertEqual(f.menus.events.last?.value.element, selecting([1: 2, 3: 1]))
    }

    @MainActor private static func unknownStoredItems() {
        let f = Fixture(StubSelectionService(selection([2: 1, 99: 5])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.menuService.events.onNext(.next(Array(sampleMenus.dropFirst(1)))) }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events.map(\.value.element), [[], selecting([2: 1]), Array(selecting([2: 1]).dropFirst(1))])
    }

    @MainActor private static func saveFails() {
        let service = StubSelectionService(selection([1: 1]), saveError: .storage(reason: "disk full"))
        let f = Fixture(service)
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(300) { f.selectionService.failSaves(with: nil) }
        f.at(310) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.scheduler.start()

        // The refusal comes back from the service on the screen's scheduler a tick later, and goes
        // through the store to the screen a tick after that.
        XCTAssertEqual(f.alerts, [.next(202, MenuAlert(title: "Selection Fail", message: "The menu's storage failed: disk full"))])
        // The screen showed only what was stored: 1, then, once stores work again, 2.
        XCTAssertEqual(f.menus.events.map(\.value.element), [[], selecting([1: 1]), selecting([1: 2])])
    }

    @MainActor private static func loadFails() {
        let f = Fixture(StubSelectionService(loadError: .storage(reason: "unreadable")))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[1], increase: 2) }
        f.scheduler.start()

        XCTAssertEqual(f.alerts.map(\.value.element?.title), ["Selection Fail"])
        XCTAssertEqual(f.menus.events.map(\.value.element), [[], sampleMenus], "no counts; the failed observation ended")
        XCTAssertEqual(f.selectionService.intents, [.change(menuID: 2, delta: 2)], "a change is still sent to be stored")
    }

    @MainActor private static func storedElsewhere() {
        let f = Fixture(StubSelectionService(selection([1: 1])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.selectionService.storeElsewhere(selection([2: 3])) }
        f.scheduler.start()

        XCTAssertEqual(f.menus.events.last, .next(201, selecting([2: 3])))
        XCTAssertEqual(f.selectionService.intents, [], "what is shown is never stored back")
    }

    @MainActor private static func twoChangesInOneTick() {
        let f = Fixture(StubSelectionService())
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) {
            f.viewModel.changeCount(item: sampleMenus[0], increase: 1)
            f.viewModel.changeCount(item: sampleMenus[1], increase: 1)
        }
        f.scheduler.start()

        // The reports reach the screen one after the other, in the order the service made them (the
        // second a tick after the first): the last one shown is what is stored.
        XCTAssertEqual(f.menus.events.suffix(2), [.next(201, selecting([1: 1])), .next(202, selecting([1: 1, 2: 1]))])
        XCTAssertEqual(f.selectionService.stored, selection([1: 1, 2: 1]))
    }
}

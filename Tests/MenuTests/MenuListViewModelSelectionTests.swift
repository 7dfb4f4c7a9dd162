import Menu
import MenuInterface
import Reactive
import ReactiveTesting
import Testing

/// The view model with a selection service, on virtual time: the screen shows what the service
/// reports (the stored catalog with the stored counts), taps are intents sent to the service, and
/// a change shows once the service reports it. The stub services answer at once; what they
/// report reaches the view model one tick later.
@MainActor struct MenuListViewModelSelectionTests {
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

    @Test func itStartsFromTheStoredSelection() {
        let f = Fixture(StubSelectionService(selection([1: 2, 4: 1])))
        let totals = f.scheduler.createObserver(Int.self)
        f.viewModel.totalPrice.subscribe(totals).disposed(by: f.disposeBag)
        f.at(100) { f.viewModel.fetchMenu() }
        f.scheduler.start()

        #expect(f.menus.events == [.next(0, []), .next(101, selecting([1: 2, 4: 1]))])
        #expect(totals.events == [.next(0, 0), .next(101, 9000)])
        #expect(f.selectionService.intents == [], "showing what is stored sends nothing")
        #expect(f.alerts == [])
    }

    @Test func nothingShowsUntilTheStoredSelectionIsRead() {
        let f = Fixture(StubSelectionService(selection([2: 2]), holdLoad: true))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.selectionService.releaseLoad() }
        f.scheduler.start()

        // Never the catalog without its counts: the screen waits for both.
        #expect(f.menus.events == [.next(0, []), .next(201, selecting([2: 2]))])
    }

    @Test func tapsAreIntentsAndTheScreenShowsWhatTheServiceReports() {
        let f = Fixture(StubSelectionService(selection([1: 1])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[2], increase: -1) }
        f.at(220) { f.viewModel.clearAllItemSelections() }
        f.scheduler.start()

        #expect(f.selectionService.intents == [.change(menuID: 1, delta: 1), .change(menuID: 3, delta: -1), .clear])
        // A decrease at 0 stores the same selection; the screen shows nothing new for it.
        #expect(f.menus.events == [.next(0, []), .next(101, selecting([1: 1])), .next(201, selecting([1: 2])), .next(221, sampleMenus)])
    }

    @Test func aPlacedOrderIsTakenOffByTheOrderServiceNotByTheScreen() {
        let f = Fixture(StubSelectionService(selection([1: 2, 3: 1])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.order() }
        f.scheduler.start()

        #expect(f.orderService.received == [try! Order(menus: selecting([1: 2, 3: 1]))])
        #expect(f.alerts == [.next(202, MenuAlert(title: "Order Placed", message: "Order 1: ₩12,500"))])
        // The stub order service keeps no selection, so nothing is taken off: the screen never
        // changes counts itself (`LiveOrderService` takes them off in the order's transaction).
        #expect(f.selectionService.intents == [])
        #expect(f.menus.events.last?.value.element == selecting([1: 2, 3: 1]))
    }

    @Test func storedCountsOfItemsNotOnTheCatalogAreNotShown() {
        let f = Fixture(StubSelectionService(selection([2: 1, 99: 5])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.menuService.events.onNext(.next(Array(sampleMenus.dropFirst(1)))) }
        f.scheduler.start()

        #expect(f.menus.events.map(\.value.element) == [[], selecting([2: 1]), Array(selecting([2: 1]).dropFirst(1))])
    }

    @Test func aFailedChangeShowsAnAlertAndTheScreenKeepsWhatIsStored() {
        let service = StubSelectionService(selection([1: 1]), saveError: .storage(reason: "disk full"))
        let f = Fixture(service)
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(300) { f.selectionService.failSaves(with: nil) }
        f.at(310) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.scheduler.start()

        // The refusal comes back from the service on the screen's scheduler a tick later, and goes
        // through the store to the screen a tick after that.
        #expect(f.alerts == [.next(202, MenuAlert(title: "Selection Fail", message: "The menu's storage failed: disk full"))])
        // The screen showed only what was stored: 1, then, once stores work again, 2.
        #expect(f.menus.events.map(\.value.element) == [[], selecting([1: 1]), selecting([1: 2])])
    }

    @Test func anUnreadableSelectionShowsAnAlertAndNoCountsUntilAChangeIsStored() {
        let f = Fixture(StubSelectionService(loadError: .storage(reason: "unreadable")))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[1], increase: 2) }
        f.scheduler.start()

        #expect(f.alerts.map(\.value.element?.title) == ["Selection Fail"])
        #expect(f.menus.events.map(\.value.element) == [[], sampleMenus], "no counts; the failed observation ended")
        #expect(f.selectionService.intents == [.change(menuID: 2, delta: 2)], "a change is still sent to be stored")
    }

    @Test func aSelectionStoredElsewhereShows() {
        let f = Fixture(StubSelectionService(selection([1: 1])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.selectionService.storeElsewhere(selection([2: 3])) }
        f.scheduler.start()

        #expect(f.menus.events.last == .next(201, selecting([2: 3])))
        #expect(f.selectionService.intents == [], "what is shown is never stored back")
    }

    @Test func twoChangesInOneTickBothShowAndTheLastReportWins() {
        let f = Fixture(StubSelectionService())
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) {
            f.viewModel.changeCount(item: sampleMenus[0], increase: 1)
            f.viewModel.changeCount(item: sampleMenus[1], increase: 1)
        }
        f.scheduler.start()

        // The reports reach the screen one after the other, in the order the service made them (the
        // second a tick after the first): the last one shown is what is stored.
        #expect(f.menus.events.suffix(2) == [.next(201, selecting([1: 1])), .next(202, selecting([1: 1, 2: 1]))])
        #expect(f.selectionService.stored == selection([1: 1, 2: 1]))
    }
}

import Menu
import MenuInterface
import Reactive
import ReactiveTesting
import Testing

/// The view model's rules (the RxSwift menu tutorial: where the tests go), on virtual time, with the
/// selection in memory (the tutorial's): the catalog, the outcomes of orders and the selection
/// arrive on the view model's scheduler, a `TestScheduler` here, one tick after they were made.
@MainActor struct MenuListViewModelTests {
    @Test func currencyKRGroupsThousands() {
        #expect(0.currencyKR() == "₩0")
        #expect(999.currencyKR() == "₩999")
        #expect(1000.currencyKR() == "₩1,000")
        #expect(11_000.currencyKR() == "₩11,000")
        #expect(1_234_567.currencyKR() == "₩1,234,567")
        #expect((-1000).currencyKR() == "-₩1,000")
        #expect(Int.max.currencyKR() == "₩9,223,372,036,854,775,807")
        #expect(Int.min.currencyKR() == "-₩9,223,372,036,854,775,808")
    }

    // MARK: Fixture

    @MainActor
    private struct Fixture {
        let scheduler = TestScheduler(initialClock: 0)
        let menuService: StubMenuService
        let orderService: StubOrderService
        let viewModel: MenuListViewModel
        let menus: TestableObserver<[MenuItem]>
        let itemsCount: TestableObserver<Int>
        let totalPrice: TestableObserver<Int>
        let alert: TestableObserver<MenuAlert?>
        let disposeBag = DisposeBag()

        init(
            menuService: StubMenuService = StubMenuService(), orderService: StubOrderService = StubOrderService(),
            selectionService: InMemoryMenuSelectionService = .init()
        ) {
            self.menuService = menuService
            self.orderService = orderService
            viewModel = MenuListViewModel(
                menuService: menuService, orderService: orderService, inMemory: selectionService, scheduler: scheduler)
            menus = scheduler.createObserver([MenuItem].self)
            itemsCount = scheduler.createObserver(Int.self)
            totalPrice = scheduler.createObserver(Int.self)
            alert = scheduler.createObserver(MenuAlert?.self)
            viewModel.menuObservable.subscribe(menus).disposed(by: disposeBag)
            viewModel.itemsCount.subscribe(itemsCount).disposed(by: disposeBag)
            viewModel.totalPrice.subscribe(totalPrice).disposed(by: disposeBag)
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

        /// The count of every item in the latest menus, by id.
        var counts: [Int: Int] {
            Dictionary(uniqueKeysWithValues: (menus.events.last?.value.element ?? []).map { ($0.id, $0.count) })
        }
    }

    // MARK: Tests

    @Test func countsAndTotalsFollowTheSelection() {
        let f = Fixture()
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(220) { f.viewModel.changeCount(item: sampleMenus[3], increase: 3) }
        f.at(230) { f.viewModel.changeCount(item: sampleMenus[0], increase: -1) }
        f.scheduler.start()

        // The catalog, and each change of the selection, reach the screen one tick later, on its scheduler.
        #expect(
            f.menus.events == [
                .next(0, []),
                .next(101, sampleMenus),
                .next(201, selecting([1: 1])),
                .next(211, selecting([1: 2])),
                .next(221, selecting([1: 2, 4: 3])),
                .next(231, selecting([1: 1, 4: 3])),
            ])
        #expect(f.itemsCount.events == [.next(0, 0), .next(101, 0), .next(201, 1), .next(211, 2), .next(221, 5), .next(231, 4)])
        #expect(
            f.totalPrice.events == [
                .next(0, 0), .next(101, 0), .next(201, 4000), .next(211, 8000), .next(221, 11_000), .next(231, 7000),
            ])
        #expect(f.alerts == [])
    }

    @Test func aCountNeverGoesBelowZero() {
        let f = Fixture()
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[1], increase: -1) }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[1], increase: 2) }
        f.at(220) { f.viewModel.changeCount(item: sampleMenus[1], increase: -5) }
        f.at(230) { f.viewModel.changeCount(item: sampleMenus[1], increase: Int.min) }
        f.scheduler.start()

        // A decrease at 0 changes nothing, so nothing new is shown.
        #expect(f.menus.events.map(\.value.element).map { $0?.map(\.count) } == [[], [0, 0, 0, 0], [0, 2, 0, 0], [0, 0, 0, 0]])
        #expect(f.itemsCount.events.map(\.value.element) == [0, 0, 2, 0])
        #expect(f.alerts == [])
    }

    @Test func clearSetsEveryCountToZero() {
        let f = Fixture()
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 2) }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[2], increase: 1) }
        f.at(300) { f.viewModel.clearAllItemSelections() }
        f.scheduler.start()

        #expect(f.menus.events.last == .next(301, sampleMenus))
        #expect(f.itemsCount.events.suffix(2) == [.next(211, 3), .next(301, 0)])
        #expect(f.totalPrice.events.suffix(2) == [.next(211, 12_500), .next(301, 0)])
    }

    @Test func aCountThatWouldOverflowIsRefusedWithAnAlert() {
        let water = [MenuItem(id: 9, name: "물", price: 0)]
        let f = Fixture(menuService: StubMenuService(.next(water)), selectionService: InMemoryMenuSelectionService(selection([9: Int.max])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: water[0], increase: 1) }
        f.at(210) { f.viewModel.changeCount(item: water[0], increase: -1) }
        f.scheduler.start()

        // Refused, not wrapped to Int.min (nor clamped): the count stays; a decrease still works.
        #expect(
            f.menus.events == [
                .next(0, []),
                .next(101, [MenuItem(id: 9, name: "물", price: 0, count: Int.max)]),
                .next(211, [MenuItem(id: 9, name: "물", price: 0, count: Int.max - 1)]),
            ])
        // The refusal is presented through the store and reaches the screen a tick later.
        #expect(f.alerts == [.next(201, MenuAlert(title: "Count Fail", message: "That count is too large."))])
    }

    @Test func aTotalThatWouldOverflowIsRefusedWithAnAlert() {
        let pricey = [MenuItem(id: 1, name: "금", price: Int.max / 2 + 1), MenuItem(id: 2, name: "은", price: 1)]
        let f = Fixture(menuService: StubMenuService(.next(pricey)), selectionService: InMemoryMenuSelectionService(selection([1: 1])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: pricey[0], increase: 1) }
        f.at(205) { f.viewModel.dismissAlert() }
        f.at(210) { f.viewModel.changeCount(item: pricey[1], increase: Int.max) }
        f.scheduler.start()

        #expect(f.menus.events == [.next(0, []), .next(101, selecting([1: 1], in: pricey))])
        #expect(f.totalPrice.events == [.next(0, 0), .next(101, Int.max / 2 + 1)])
        let refused = MenuAlert(title: "Count Fail", message: "The total is too large.")
        #expect(f.alerts == [.next(201, refused), .next(211, refused)])
    }

    @Test func totalsThatDoNotFitAreSkippedNotWrapped() {
        // A selection stored as it is (another program's): its total does not fit in Int.
        let priciest = [MenuItem(id: 1, name: "a", price: Int.max)]
        let f = Fixture(menuService: StubMenuService(.next(priciest)), selectionService: InMemoryMenuSelectionService(selection([1: 2])))
        f.at(100) { f.viewModel.fetchMenu() }
        f.scheduler.start()

        // Skipped, not wrapped; the counts go (see `catalogOverflow`), and the totals are those of none.
        #expect(f.totalPrice.events == [.next(0, 0), .next(102, 0)])
        #expect(f.itemsCount.events == [.next(0, 0), .next(102, 0)])
    }

    @Test func orderWithNothingSelectedShowsOrderFailAndSendsNothing() {
        let f = Fixture()
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.order() }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(220) { f.viewModel.changeCount(item: sampleMenus[0], increase: -1) }
        f.at(225) { f.viewModel.dismissAlert() }
        f.at(230) { f.viewModel.order() }
        f.scheduler.start()

        // The stored selection is read for the order and the answer taken in a tick later; the
        // refusal goes through the store and reaches the screen a tick after that.
        #expect(
            f.alerts == [
                .next(202, MenuAlert(title: "Order Fail", message: "No Orders")),
                .next(232, MenuAlert(title: "Order Fail", message: "No Orders")),
            ])
        #expect(f.orderService.received == [])
    }

    @Test func anOrderSendsTheSelectionAndTakesItOffWhenPlaced() {
        let f = Fixture()
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 2) }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[3], increase: 1) }
        f.at(300) { f.viewModel.order() }
        f.scheduler.start()

        #expect(f.orderService.received == [try! Order(menus: selecting([1: 2, 4: 1]))])
        // The stored selection is read at 300 and the order sent at 301; the stub answers at once and
        // the order is taken off the selection in the same step. The emptied selection and the
        // receipt's alert reach the screen at 302.
        #expect(f.alerts == [.next(302, MenuAlert(title: "Order Placed", message: "Order 1: ₩9,000"))])
        #expect(f.menus.events.last == .next(302, sampleMenus))
        #expect(f.totalPrice.events.last == .next(302, 0))
    }

    @Test func whatIsSelectedWhileAnOrderIsOnItsWayStaysSelected() {
        let f = Fixture(orderService: StubOrderService(hold: true))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 2) }
        f.at(300) { f.viewModel.order() }
        f.at(310) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(315) { f.viewModel.order() }  // a second tap while the first is on its way orders nothing
        f.at(320) { f.orderService.release() }
        f.scheduler.start()

        #expect(f.orderService.received == [try! Order(menus: selecting([1: 2]))])
        #expect(f.alerts == [.next(321, MenuAlert(title: "Order Placed", message: "Order 1: ₩8,000"))])
        #expect(f.counts == [1: 1, 2: 0, 3: 0, 4: 0], "what was added while the order was on its way stays")
    }

    @Test func aFailedOrderKeepsTheSelectionAndShowsTheError() {
        let f = Fixture(orderService: StubOrderService(result: .failure(.staleOrder(menuID: 1))))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(300) { f.viewModel.order() }
        f.scheduler.start()

        #expect(
            f.alerts == [
                .next(302, MenuAlert(title: "Order Fail", message: "The menu changed; please check your order."))
            ])
        #expect(f.counts == [1: 1, 2: 0, 3: 0, 4: 0])
    }

    @Test func aNewCatalogKeepsTheCountsOfItemsItStillHas() {
        let f = Fixture()
        let renamed = [
            MenuItem(id: 4, name: "모둠튀김", price: 2000), MenuItem(id: 1, name: "떡볶이", price: 4500), MenuItem(id: 5, name: "순대", price: 3000),
        ]
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: 1) }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[1], increase: 2) }
        f.at(220) { f.viewModel.changeCount(item: sampleMenus[3], increase: 3) }
        f.at(300) { f.menuService.events.onNext(.next(renamed)) }
        f.scheduler.start()

        // The new catalog's order, names and prices; counts carried by id; a removed item's count not shown.
        #expect(
            f.menus.events.last
                == .next(
                    301,
                    [
                        MenuItem(id: 4, name: "모둠튀김", price: 2000, count: 3),
                        MenuItem(id: 1, name: "떡볶이", price: 4500, count: 1),
                        MenuItem(id: 5, name: "순대", price: 3000, count: 0),
                    ]))
        #expect(f.totalPrice.events.last == .next(301, 10_500))
    }

    @Test func aNewPriceThatWouldOverflowTheTotalClearsTheSelection() {
        let f = Fixture()
        let many = Int.max / 4000
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[0], increase: many) }
        f.at(300) { f.menuService.events.onNext(.next(selecting([:], in: [MenuItem(id: 1, name: "떡볶이", price: 8000)]))) }
        f.scheduler.start()

        // The total no longer fits: an alert, and the counts go.
        #expect(f.totalPrice.events.map(\.value.element) == [0, 0, many * 4000, 0])
        #expect(f.menus.events.last == .next(302, [MenuItem(id: 1, name: "떡볶이", price: 8000)]))
        #expect(f.alerts == [.next(302, MenuAlert(title: "Count Fail", message: "The total is too large."))])
    }

    @Test func aFailureToLoadTheMenuIsTheAlertUntilItsOK() {
        let f = Fixture()
        let offline = Event<[MenuItem]>.error(MenuError.catalogUnavailable(reason: "offline."))
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.menuService.events.onNext(offline) }
        f.at(250) { f.menuService.events.onNext(offline) }
        f.at(260) { f.viewModel.dismissAlert() }
        f.at(300) { f.menuService.events.onNext(offline) }
        f.scheduler.start()

        // The alert is state: the same failure while it is shown is that alert, its OK takes it
        // away, and the failure after that is shown again. The catalog stays.
        let alert = MenuAlert(title: "Menu Fail", message: "The menu could not be loaded: offline.")
        #expect(f.alert.events == [.next(1, nil), .next(201, alert), .next(261, nil), .next(301, alert)])
        #expect(f.menus.events.last?.value.element == sampleMenus)
    }

    @Test func theTotalPriceReadsInWon() {
        let f = Fixture()
        let texts = f.scheduler.createObserver(String.self)
        f.viewModel.totalPriceText.subscribe(texts).disposed(by: f.disposeBag)
        f.at(100) { f.viewModel.fetchMenu() }
        f.at(200) { f.viewModel.changeCount(item: sampleMenus[3], increase: 1) }
        f.at(210) { f.viewModel.changeCount(item: sampleMenus[2], increase: 3) }
        f.scheduler.start()

        #expect(texts.events == [.next(0, "₩0"), .next(101, "₩0"), .next(201, "₩1,000"), .next(211, "₩14,500")])
    }
}

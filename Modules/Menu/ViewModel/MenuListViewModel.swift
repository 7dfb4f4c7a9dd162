import Architecture
import MenuInterface
import Reactive

/// The menu screen's state and rules (the RxSwift menu tutorial's `MenuListViewModel`) on top of
/// the menu store (the ReSwift middleware tutorial's side effects) and a selection service.
///
/// One source of truth for the selection: the selection service (the database, for the live
/// feature). The screen shows the stored catalog with the stored counts, as the service reports
/// them; a tap sends an intent to the service (add one, clear), which changes what is stored in the
/// same step as it reads it; the change shows once the service reports it. Nothing the screen shows
/// can be undone by an older report, since nothing is shown that the service did not report, in
/// the order it reported it; a change made by another screen or process shows the same way.
/// Everything arrives on `scheduler`, the thread the screen runs on.
@MainActor
public final class MenuListViewModel: MenuListViewModelType {
    /// The stored catalog with the stored counts; the latest is replayed to a new subscriber (an
    /// empty list until both have been read).
    public let menuObservable: Observable<[MenuItem]>

    /// The sum of the counts.
    public lazy var itemsCount: Observable<Int> = totals.map { $0.itemsCount }

    /// The sum of price × count, in won.
    public lazy var totalPrice: Observable<Int> = totals.map { $0.totalPrice }

    /// The total price in won, such as `₩1,000`.
    public lazy var totalPriceText: Observable<String> = totalPrice.map { $0.currencyKR() }

    /// Messages for the screen to show: refusals, failures and placed orders.
    public var alerts: Observable<MenuAlert> { alertSubject.asObservable() }

    // Totals of lists that do not fit in Int are skipped, not wrapped (a price raised under a large count).
    private lazy var totals: Observable<MenuTotals> = menuObservable.compactMap { try? MenuTotals($0) }

    /// What the screen shows, mirrored from the services (never written by an intent): the latest
    /// value for a late subscriber, and what an intent is checked against.
    private let shown = BehaviorSubject<[MenuItem]>(value: [])
    private let alertSubject = PublishSubject<MenuAlert>()
    private let store: Store<MenuState, MenuAction>
    private let selectionService: any MenuSelectionService
    private let scheduler: any ImmediateSchedulerType
    private var shownState: MenuState?
    /// Whether the selection could not be read: said once, not at every catalog.
    private var selectionFailed = false
    private let disposeBag = DisposeBag()

    /// A view model over `store` (the catalog and orders) and `selectionService` (the selection),
    /// taking in both on `scheduler`, which must run work on the main thread.
    ///
    /// The store's order service takes a placed order off the selection (`LiveOrderService` does
    /// it in the order's transaction); the view model never changes counts itself.
    public init(
        store: Store<MenuState, MenuAction>, selectionService: any MenuSelectionService,
        scheduler: any ImmediateSchedulerType = MainScheduler.instance
    ) {
        self.store = store
        self.selectionService = selectionService
        self.scheduler = scheduler
        menuObservable = shown.asObservable()
        // A selection that cannot be read: an alert, and the catalog without counts; a change then
        // replaces what is stored.
        let selection = selectionService.observeSelection()
            .map { Result<MenuSelection, MenuError>.success($0) }
            .catch { .just(.failure(MenuError($0))) }
        Observable.combineLatest(store.states.map(\.catalog.menus).distinctUntilChanged(), selection)
            .observe(on: scheduler)
            .subscribe(onNext: { [weak self] catalog, selection in self?.show(catalog, selection) })
            .disposed(by: disposeBag)
        store.states
            .observe(on: scheduler)
            .subscribe(onNext: { [weak self] in self?.apply($0) })
            .disposed(by: disposeBag)
    }

    /// A view model over a new store with `menuService` and `orderService` installed as middleware,
    /// keeping the selection with `selectionService`.
    public convenience init(
        menuService: any MenuService, orderService: any OrderService, selectionService: any MenuSelectionService,
        scheduler: any ImmediateSchedulerType = MainScheduler.instance
    ) {
        self.init(
            store: MenuFeature.makeStore(menuService: menuService, orderService: orderService), selectionService: selectionService,
            scheduler: scheduler)
    }

    // MARK: Intents

    /// Asks the store to load the catalog; it arrives (and keeps arriving) through the store.
    public func fetchMenu() {
        store.send(.fetchMenu(.request))
    }

    /// Sets every count to 0.
    public func clearAllItemSelections() {
        send(selectionService.clearSelection())
    }

    /// Adds `increase` to the count of `item`, never below 0; an overflowing count or total is refused with an alert.
    public func changeCount(item: MenuItem, increase: Int) {
        // Checked against what is shown first, so that a refusal says so at once; the service
        // checks again against what it holds, in the step that writes.
        do {
            let menus = currentMenus
            let changed = try MenuSelection(menus: menus).changing(item.id, by: increase)
            // Only a rise can push a total past Int.max; a fall must always be possible.
            if increase > 0 { _ = try MenuTotals(changed.applied(to: menus)) }
        } catch {
            show(error, title: Self.countFail)
            return
        }
        send(selectionService.changeCount(of: item.id, by: increase))
    }

    /// Sends the stored selection as an order, or shows "Order Fail" / "No Orders" and sends nothing.
    ///
    /// The selection is read from the service, behind the changes asked for before: taps typed
    /// faster than the screen redraws (`++o`) are all in the order.
    public func order() {
        let scheduler = scheduler
        _ = selectionService.selection().asObservable()
            .observe(on: scheduler)
            .subscribe(
                onNext: { [weak self] selection in
                    MainActor.assumeIsolated { self?.order(selection) }
                },
                onError: { [weak self] error in
                    MainActor.assumeIsolated { self?.show(error, title: Self.orderFail) }
                })
    }

    private func order(_ selection: MenuSelection) {
        let order: Order
        do {
            order = try Order(menus: selection.applied(to: store.state.catalog.menus))
        } catch .noOrders {
            alertSubject.onNext(.noOrders)
            return
        } catch {
            show(error, title: Self.orderFail)
            return
        }
        // One order at a time: a second tap while the first is on its way must not order twice.
        guard !store.state.ordering.isOrdering else { return }
        store.send(.placeOrder(.request(order)))
    }

    // MARK: Rules

    private static let menuFail = "Menu Fail"
    private static let orderFail = "Order Fail"
    private static let countFail = "Count Fail"
    private static let selectionFail = "Selection Fail"

    /// What the screen shows now.
    private var currentMenus: [MenuItem] {
        (try? shown.value()) ?? []
    }

    /// Subscribes to an intent's answer: the change itself reaches the screen through the
    /// observation; a refusal or a failure shows an alert, sent on `scheduler` like every other
    /// output (the service answers on its own queue).
    private func send(_ intent: Single<MenuSelection>) {
        _ = intent.asObservable()
            .observe(on: scheduler)
            .subscribe(onError: { [weak self] error in
                MainActor.assumeIsolated { self?.show(error, title: Self.selectionFail) }
            })
    }

    private func show(_ catalog: [MenuItem], _ selection: Result<MenuSelection, MenuError>) {
        switch selection {
        case .success(let selection):
            show(selection.applied(to: catalog))
        case .failure(let error):
            if !selectionFailed { show(error, title: Self.selectionFail) }
            selectionFailed = true
            show(catalog)
        }
    }

    private func show(_ menus: [MenuItem]) {
        guard menus != currentMenus else { return }
        shown.onNext(menus)
        // A new price under a large count can push the total past what fits: the counts go.
        if (try? MenuTotals(menus)) == nil {
            show(MenuError.totalOverflow, title: Self.countFail)
            send(selectionService.clearSelection())
        }
    }

    // MARK: Store states

    /// Takes in what changed since the last state; the first state only brings the catalog, as
    /// failures and receipts from before this view model are not its news.
    private func apply(_ state: MenuState) {
        let previous = shownState
        shownState = state
        guard let previous else { return }
        if let failure = state.catalog.failure, failure != previous.catalog.failure {
            show(failure.error, title: Self.menuFail)
        }
        if let failure = state.ordering.failure, failure != previous.ordering.failure {
            show(failure.error, title: Self.orderFail)
        }
        if let receipt = state.ordering.receipt, receipt != previous.ordering.receipt {
            alertSubject.onNext(MenuAlert(title: "Order Placed", message: "Order \(receipt.orderID): \(receipt.total.currencyKR())"))
        }
    }

    private func show(_ error: any Error, title: String) {
        alertSubject.onNext(MenuAlert(title: title, message: MenuError(error).description))
    }
}

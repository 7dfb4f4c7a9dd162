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

    /// The alert to show now (a refusal, a failure or a placed order), nil when none; the latest is
    /// replayed to a new subscriber. It stays until `dismissAlert()`.
    public let alert: Observable<MenuAlert?>

    // Totals of lists that do not fit in Int are skipped, not wrapped (a price raised under a large count).
    private lazy var totals: Observable<MenuTotals> = menuObservable.compactMap { try? MenuTotals($0) }

    /// What the screen shows, mirrored from the services (never written by an intent): the latest
    /// value for a late subscriber, and what an intent is checked against.
    private let shown = BehaviorSubject<[MenuItem]>(value: [])
    private let store: Store<MenuState, MenuAction>
    private let selectionService: any MenuSelectionService
    private let scheduler: any ImmediateSchedulerType
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
        alert = store.states.map(\.alert).distinctUntilChanged().observe(on: scheduler)
        // A selection that cannot be read: an alert, and the catalog without counts; a change then
        // replaces what is stored.
        let selection = selectionService.observeSelection()
            .map { Result<MenuSelection, MenuError>.success($0) }
            .catch { .just(.failure(MenuError($0))) }
        Observable.combineLatest(store.states.map(\.catalog.menus).distinctUntilChanged(), selection)
            .observe(on: scheduler)
            .subscribe(onNext: { [weak self] catalog, selection in self?.show(catalog, selection) })
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

    /// The alert's OK: the alert goes.
    public func dismissAlert() {
        store.send(.alert(.dismiss))
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
            show(error, title: MenuAlert.countFail)
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
                    MainActor.assumeIsolated { self?.show(error, title: MenuAlert.orderFail) }
                })
    }

    private func order(_ selection: MenuSelection) {
        let order: Order
        do {
            order = try Order(menus: selection.applied(to: store.state.catalog.menus))
        } catch {
            show(error, title: MenuAlert.orderFail)
            return
        }
        // One order at a time: a second tap while the first is on its way must not order twice.
        guard !store.state.ordering.isOrdering else { return }
        store.send(.placeOrder(.request(order)))
    }

    // MARK: Rules

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
                MainActor.assumeIsolated { self?.show(error, title: MenuAlert.selectionFail) }
            })
    }

    private func show(_ catalog: [MenuItem], _ selection: Result<MenuSelection, MenuError>) {
        switch selection {
        case .success(let selection):
            show(selection.applied(to: catalog))
        case .failure(let error):
            if !selectionFailed { show(error, title: MenuAlert.selectionFail) }
            selectionFailed = true
            show(catalog)
        }
    }

    private func show(_ menus: [MenuItem]) {
        guard menus != currentMenus else { return }
        shown.onNext(menus)
        // A new price under a large count can push the total past what fits: the counts go.
        if (try? MenuTotals(menus)) == nil {
            show(MenuError.totalOverflow, title: MenuAlert.countFail)
            send(selectionService.clearSelection())
        }
    }

    /// Presents the alert for `error` through the store, where every alert is state.
    private func show(_ error: any Error, title: String) {
        store.send(.alert(.present(MenuAlert(title: title, message: MenuError(error).description))))
    }
}

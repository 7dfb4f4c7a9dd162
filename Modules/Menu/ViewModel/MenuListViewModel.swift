import Architecture
import MenuInterface
import Reactive

/// The menu screen's state and rules (the RxSwift menu tutorial's `MenuListViewModel`) on top of the menu store
/// (the ReSwift middleware tutorial's side effects).
///
/// The view model owns the selection: `menuObservable` is the catalog with the counts. The store
/// holds what the side effects produced (the catalog as stored, receipts, failures); the view model
/// takes it in on `scheduler`, the thread the screen runs on, so `menuObservable` changes on that
/// thread only.
///
/// With a selection service it also keeps the selection in storage: it starts from the stored
/// selection (catalogs wait until it has been read, then it goes onto the first catalog with items)
/// and asks the store to store the whole selection after every change it makes, so the stored
/// selection is the one on the screen; a change someone else stores shows once its own stores
/// are answered. A failure shows "Selection Fail"; the screen keeps its
/// selection, and the next change stores it whole again.
@MainActor
public final class MenuListViewModel: MenuListViewModelType {
    /// The menu with the selected counts (a behavior subject: a late subscriber gets the current value).
    public let menuObservable = BehaviorSubject<[MenuItem]>(value: [])

    /// The sum of the counts.
    public lazy var itemsCount: Observable<Int> = totals.map { $0.itemsCount }

    /// The sum of price × count, in won.
    public lazy var totalPrice: Observable<Int> = totals.map { $0.totalPrice }

    /// The total price in won, such as `₩1,000`.
    public lazy var totalPriceText: Observable<String> = totalPrice.map { $0.currencyKR() }

    /// Messages for the screen to show: refusals, failures and placed orders.
    public var alerts: Observable<MenuAlert> { alertSubject.asObservable() }

    // Totals of lists that do not fit in Int are skipped, not wrapped. The view model never makes
    // one (it refuses such changes); this guards against a list pushed into the subject from outside.
    private lazy var totals: Observable<MenuTotals> = menuObservable.compactMap { try? MenuTotals($0) }

    private let alertSubject = PublishSubject<MenuAlert>()
    private let store: Store<MenuState, MenuAction>
    private var shownState: MenuState?
    /// The catalog last merged into `menuObservable`; nil before the first.
    private var mergedCatalog: [MenuItem]?
    private var restore: Restore
    /// The selection storage holds (read, or last asked for); nil when a failure left that unknown,
    /// so that the next change is stored whatever it is.
    private var storedSelection: MenuSelection?
    /// The stores this view model asked the store for: states arrive on `scheduler` after the store
    /// made them, so one counting fewer requests is from before the latest change on the screen.
    private var savesSent = 0
    private let disposeBag = DisposeBag()

    /// Where the stored selection stands.
    private enum Restore: Equatable {
        /// The selection is not stored (no selection service): the RxSwift menu tutorial's behaviour.
        case off
        /// Reading the stored selection; catalogs wait, so that the screen starts from it.
        case loading
        /// Read: its counts go onto the first catalog that has items.
        case loaded(MenuSelection)
        /// Applied, or unreadable: from now on every change of the selection is stored.
        case done
    }

    /// A view model over `store`, taking in its states on `scheduler`, which must run work on the main thread.
    ///
    /// With `persistsSelection`, `store` must have the selection items (`MenuFeature.makeStore` with a
    /// selection service): the view model reads the stored selection now and stores every change.
    public init(
        store: Store<MenuState, MenuAction>, persistsSelection: Bool = false,
        scheduler: any ImmediateSchedulerType = MainScheduler.instance
    ) {
        self.store = store
        restore = persistsSelection ? .loading : .off
        store.states
            .observe(on: scheduler)
            .subscribe(onNext: { [weak self] in self?.apply($0) })
            .disposed(by: disposeBag)
        if persistsSelection { store.send(.loadSelection(.request)) }
    }

    /// A view model over a new store with `menuService` and `orderService` installed as middleware;
    /// with a `selectionService`, the selection is read from it and every change stored through it.
    public convenience init(
        menuService: any MenuService, orderService: any OrderService, selectionService: (any MenuSelectionService)? = nil,
        scheduler: any ImmediateSchedulerType = MainScheduler.instance
    ) {
        self.init(
            store: MenuFeature.makeStore(menuService: menuService, orderService: orderService, selectionService: selectionService),
            persistsSelection: selectionService != nil, scheduler: scheduler)
    }

    // MARK: Inputs

    /// Asks the store to load the catalog; it arrives (and keeps arriving) through the store.
    public func fetchMenu() {
        store.send(.fetchMenu(.request))
    }

    /// Sets every count to 0.
    public func clearAllItemSelections() {
        // The seed's shape: read the current menus once (`take(1)`), map them, push the result back.
        // A behavior subject delivers its value during `subscribe`, so this completes before it returns.
        // `take(1)` comes first, unlike the seed's `map { }.take(1)`: the push reaches this subscription
        // again while it delivers, and there `take` drops it; placed after `map`, it would let the
        // mapping run again on the pushed menus, and an error of that second run (an overflow) through.
        _ = menuObservable
            .take(1)
            .map { menus in menus.map { MenuItem(id: $0.id, name: $0.name, price: $0.price, count: 0) } }
            .subscribe(onNext: { [weak self] in self?.select($0) })
    }

    /// Adds `increase` to the count of `item`, never below 0; an overflowing count or total is refused with an alert.
    public func changeCount(item: MenuItem, increase: Int) {
        _ = menuObservable
            .take(1)
            .map { menus in try Self.changingCount(of: item.id, by: increase, in: menus) }
            .subscribe(
                onNext: { [weak self] in self?.select($0) },
                onError: { [weak self] in self?.show($0, title: Self.countFail) }
            )
    }

    /// Sends the selection as an order, or shows "Order Fail" / "No Orders" and sends nothing.
    public func order() {
        _ = menuObservable
            .take(1)
            .subscribe(onNext: { [weak self] in self?.order($0) })
    }

    // MARK: Rules

    private static let menuFail = "Menu Fail"
    private static let orderFail = "Order Fail"
    private static let countFail = "Count Fail"
    private static let selectionFail = "Selection Fail"

    /// `menus` with the count of item `id` changed by `increase`, clamped at 0.
    private static func changingCount(of id: Int, by increase: Int, in menus: [MenuItem]) throws(MenuError) -> [MenuItem] {
        var changed = menus
        for index in changed.indices where changed[index].id == id {
            let (sum, overflow) = changed[index].count.addingReportingOverflow(increase)
            if overflow && increase > 0 { throw .countOverflow(menuID: id) }
            changed[index].count = overflow ? 0 : max(0, sum)
        }
        // Only a rise can push a total past Int.max; a fall must always be possible.
        if increase > 0 { _ = try MenuTotals(changed) }
        return changed
    }

    /// The stored `catalog` with the counts of `menus` carried over by id; nil when the totals would
    /// not fit (a new price times a large count), in which case the counts go.
    private static func merging(_ catalog: [MenuItem], countsOf menus: [MenuItem]) -> [MenuItem]? {
        let counts = Dictionary(menus.map { ($0.id, $0.count) }, uniquingKeysWith: { first, _ in first })
        let merged = catalog.map { MenuItem(id: $0.id, name: $0.name, price: $0.price, count: counts[$0.id] ?? 0) }
        return (try? MenuTotals(merged)) == nil ? nil : merged
    }

    /// Shows `menus` and, once the stored selection is in, stores its selection when it differs
    /// from the one storage holds.
    private func select(_ menus: [MenuItem]) {
        menuObservable.onNext(menus)
        guard restore == .done else { return }
        let selection = MenuSelection(menus: menus)
        guard selection != storedSelection else { return }
        storedSelection = selection
        savesSent += 1
        store.send(.saveSelection(.request(selection)))
    }

    private func order(_ menus: [MenuItem]) {
        let order: Order
        do {
            order = try Order(menus: menus)
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

    // MARK: Store states

    /// Takes in what changed since the last state; the first state only brings the catalog, as
    /// failures and receipts from before this view model are not its news.
    private func apply(_ state: MenuState) {
        let previous = shownState
        shownState = state
        let wasLoading = restore == .loading
        let selectionFailed = previous != nil && state.selection.failure != nil
            && state.selection.failure != previous?.selection.failure
        // A failed store leaves storage unknown: the next change is stored even if it looks stored,
        // and until then the screen keeps its counts rather than follow storage.
        if selectionFailed, !wasLoading { storedSelection = nil }
        if wasLoading { takeIn(state.selection) } else { follow(state.selection) }
        if restore != .loading, state.catalog.menus != mergedCatalog {
            mergedCatalog = state.catalog.menus
            catalogDidChange(state.catalog.menus)
        }
        guard let previous else { return }
        if let failure = state.catalog.failure, failure != previous.catalog.failure {
            show(failure.error, title: Self.menuFail)
        }
        if let failure = state.ordering.failure, failure != previous.ordering.failure {
            show(failure.error, title: Self.orderFail)
        }
        if selectionFailed, let failure = state.selection.failure {
            show(failure.error, title: Self.selectionFail)
        }
        if let receipt = state.ordering.receipt, receipt != previous.ordering.receipt {
            orderDidSucceed(receipt)
        }
    }

    /// Ends the wait for the stored selection once it was read or failed to be.
    private func takeIn(_ selection: SelectionState) {
        if let loaded = selection.loaded {
            restore = .loaded(loaded)
            storedSelection = loaded
        } else if selection.failure != nil {
            // Unreadable: the screen starts with nothing selected, and only a change the customer
            // makes replaces what storage holds.
            restore = .done
            storedSelection = .empty
        }
    }

    /// Takes in a change to the stored selection that this view model did not make (another screen,
    /// `bistro menu set` in another process): the screen shows what storage holds.
    private func follow(_ selection: SelectionState) {
        guard let loaded = selection.loaded else { return }
        switch restore {
        case .off, .loading:
            return
        case .loaded:
            // Not on a catalog yet: the newer selection goes on instead.
            restore = .loaded(loaded)
            storedSelection = loaded
        case .done:
            // While this view model's own stores are on their way, storage may still report an
            // older selection than the screen's; once they are answered, what it reports is news.
            // A state made before the latest request (still on its way to this thread) says nothing
            // of that request. After a failed store (`storedSelection` nil) the screen keeps its
            // counts, to be stored by the next change.
            guard selection.savesInFlight == 0, selection.savesRequested >= savesSent,
                let stored = storedSelection, loaded != stored
            else { return }
            storedSelection = loaded
            _ = menuObservable
                .take(1)
                .subscribe(onNext: { [weak self] menus in
                    let adopted = loaded.applied(to: menus)
                    guard adopted != menus, (try? MenuTotals(adopted)) != nil else { return }
                    self?.menuObservable.onNext(adopted)
                })
        }
    }

    private func catalogDidChange(_ catalog: [MenuItem]) {
        _ = menuObservable
            .take(1)
            .subscribe(onNext: { [weak self] menus in
                guard let self else { return }
                var counted = menus
                // The stored selection goes onto the first catalog with items; until then no count
                // could have been changed, so nothing on the screen is overwritten.
                if case .loaded(let loaded) = restore, !catalog.isEmpty {
                    restore = .done
                    counted = loaded.applied(to: catalog)
                }
                if let merged = Self.merging(catalog, countsOf: counted) {
                    // Unchanged (the empty catalog of the first state): no element, no redraw.
                    if merged != menus { select(merged) }
                } else {
                    select(catalog)
                    show(MenuError.totalOverflow, title: Self.countFail)
                }
            })
    }

    /// Takes the ordered counts off the selection (what was added while the order was on its way
    /// stays selected) and tells the customer.
    private func orderDidSucceed(_ receipt: Receipt) {
        let ordered = Dictionary(receipt.lines.map { ($0.menuID, $0.count) }, uniquingKeysWith: max)
        _ = menuObservable
            .take(1)
            .map { menus in
                menus.map { MenuItem(id: $0.id, name: $0.name, price: $0.price, count: max(0, $0.count - (ordered[$0.id] ?? 0))) }
            }
            .subscribe(onNext: { [weak self] in self?.select($0) })
        alertSubject.onNext(MenuAlert(title: "Order Placed", message: "Order \(receipt.orderID): \(receipt.total.currencyKR())"))
    }

    private func show(_ error: any Error, title: String) {
        alertSubject.onNext(MenuAlert(title: title, message: MenuError(error).description))
    }
}

import Architecture
import Dependencies
import MenuInterface
import Reactive

/// The menu screen's feature (the RxSwift menu tutorial's `MenuListViewModel`, as a reducer): the
/// stored catalog with the stored counts, the totals, count changes, clear and order, and the alert.
///
/// One source of truth for the menu and the selection: the database, through `MenuClient`. The
/// state shows what the client last reported; a tap asks the client for a change, which reads and
/// writes in one step, and the change shows once the client reports it, so no older report can undo
/// what a newer one shows and a change made by another screen or process shows the same way. The
/// side effects (the ReSwift middleware tutorial's async middleware) are the effects below.
public struct MenuList: Reducer, Sendable {
    /// The menu screen's state.
    public struct State: Sendable, Equatable {
        /// The stored catalog in its order with the stored counts, as the client last reported it.
        public var menus: [MenuItem]
        /// Whether an order was asked for and has not been placed or refused yet.
        public var isOrdering: Bool
        /// The alert the screen shows now, until `alertDismissed`; nil when none (TCA's `AlertState`
        /// in state). Each alert replaces the one before.
        public var alert: MenuAlert?
        /// The changes a refresh made to the selection that the alert tells now; they are marked as
        /// told when it is dismissed.
        public var toldChanges: [MenuSelectionChange]

        /// A state; a new screen starts empty and fills from the client.
        public init(menus: [MenuItem] = [], isOrdering: Bool = false, alert: MenuAlert? = nil, toldChanges: [MenuSelectionChange] = []) {
            self.menus = menus
            self.isOrdering = isOrdering
            self.alert = alert
            self.toldChanges = toldChanges
        }

        /// The totals of `menus`; nil when they do not fit in `Int` (a price raised under a large count).
        public var totals: MenuTotals? { try? MenuTotals(menus) }
    }

    /// What happens on the menu screen.
    public enum Action: Sendable, Equatable {
        /// The screen shows: follow the stored menu and the selection's changes, and keep the catalog
        /// in step with its remote source, for as long as the task that sent it runs.
        case task
        /// `r`: sync the catalog again.
        case reloadButtonTapped
        /// `+`/`-` on a row: add `delta` to the count of `item` as the screen shows it.
        case countButtonTapped(MenuItem, delta: Int)
        /// Clear: every count to 0.
        case clearButtonTapped
        /// Order: order the stored selection.
        case orderButtonTapped
        /// The alert's OK.
        case alertDismissed
        /// The client reported the stored menu.
        case _menusChanged([MenuItem])
        /// The menu could not be read or kept in step; the stored one stays.
        case _menuFailed(MenuError)
        /// The client reported the selection's changes nobody has been told of.
        case _selectionChangesFound([MenuSelectionChange])
        /// A count change or clear was refused or failed; nothing changed.
        case _selectionChangeFailed(MenuError)
        /// The order was placed.
        case _orderPlaced(Receipt)
        /// The order was refused or failed; nothing was stored.
        case _orderFailed(MenuError)
    }

    private enum CancelID {
        case refresh
    }

    @Dependency(\.menuClient) var menuClient

    /// The feature.
    public init() {}

    /// The rules of the screen.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .task:
            return .merge(follow(), keepInStep())
        case .reloadButtonTapped:
            return keepInStep()
        case .countButtonTapped(let item, let delta):
            // Checked against what is shown first, so that a refusal says so at once; the client
            // checks again against what it holds, in the step that writes.
            do {
                let changed = try MenuSelection(menus: state.menus).changing(item.id, by: delta)
                // Only a rise can push a total past Int.max; a fall must always be possible.
                if delta > 0 { _ = try MenuTotals(changed.applied(to: state.menus)) }
            } catch {
                state.show(error, title: MenuAlert.countFail)
                return .none
            }
            let client = menuClient
            return ask { client.changeCount(item, delta) }
        case .clearButtonTapped:
            let client = menuClient
            return ask { client.clearSelection() }
        case .orderButtonTapped:
            // One order at a time: a second tap while the first is on its way must not order twice.
            guard !state.isOrdering else { return .none }
            state.isOrdering = true
            let client = menuClient
            // The client orders what is stored, behind the changes asked for before: taps typed
            // faster than the screen redraws (`++o`) are all in the order.
            return .observable({ client.placeOrder().asObservable().map(Action._orderPlaced) }, onError: { ._orderFailed(MenuError($0)) })
        case .alertDismissed:
            state.alert = nil
            let told = state.toldChanges
            state.toldChanges = []
            guard !told.isEmpty else { return .none }
            let client = menuClient
            // Told is told: a failure to record it only means the alert may come once more.
            return .observable({ client.acknowledge(told).asObservable().map { (_: Never) -> Action in } }, onError: { _ in nil })
        case ._menusChanged(let menus):
            state.menus = menus
            return .none
        case ._menuFailed(let error):
            state.show(error, title: MenuAlert.menuFail)
            return .none
        case ._selectionChangesFound(let changes):
            guard !changes.isEmpty, changes != state.toldChanges else { return .none }
            state.alert = MenuAlert(title: MenuAlert.menuChanged, message: changes.map(\.description).joined(separator: "\n"))
            state.toldChanges = changes
            return .none
        case ._selectionChangeFailed(let error):
            switch error {
            case .countOverflow, .totalOverflow: state.show(error, title: MenuAlert.countFail)
            default: state.show(error, title: MenuAlert.selectionFail)
            }
            return .none
        case ._orderPlaced(let receipt):
            state.isOrdering = false
            state.alert = MenuAlert(title: MenuAlert.orderPlaced, message: "Order \(receipt.orderID): \(receipt.total.currencyKR())")
            state.toldChanges = []
            return .none
        case ._orderFailed(let error):
            state.isOrdering = false
            state.show(error, title: MenuAlert.orderFail)
            return .none
        }
    }

    /// The stored menu and the selection's changes, for as long as the task runs.
    private func follow() -> Effect<Action> {
        let client = menuClient
        return .merge(
            .observable({ client.menus().map(Action._menusChanged) }, onError: { ._menuFailed(MenuError($0)) }),
            .observable({ client.selectionChanges().map(Action._selectionChangesFound) }, onError: { ._menuFailed(MenuError($0)) })
        )
    }

    /// A sync of the catalog now, then every template published; a reload replaces it.
    private func keepInStep() -> Effect<Action> {
        let client = menuClient
        return .observable({ client.keepInStep().map(Action._menuFailed) }, onError: { ._menuFailed(MenuError($0)) })
            .cancellable(id: CancelID.refresh, cancelInFlight: true)
    }

    /// A change of the selection: it shows through `menus()`; a refusal or a failure is an alert.
    private func ask(_ change: @escaping @Sendable () -> Single<MenuSelection>) -> Effect<Action> {
        .observable({ change().asObservable().compactMap { _ -> Action? in nil } }, onError: { ._selectionChangeFailed(MenuError($0)) })
    }
}

extension MenuList.State {
    /// Shows the alert for `error` titled `title`; it replaces any other, and changes told by the
    /// one replaced stay to be told.
    fileprivate mutating func show(_ error: any Error, title: String) {
        alert = MenuAlert(title: title, message: MenuError(error).description)
        toldChanges = []
    }
}

extension MenuAlert {
    /// The title of an alert for a catalog that could not be loaded or kept in step.
    static let menuFail = "Menu Fail"
    /// The title of an alert for an order refused or failed.
    static let orderFail = "Order Fail"
    /// The title of an alert for an order placed.
    static let orderPlaced = "Order Placed"
    /// The title of an alert for a count refused.
    static let countFail = "Count Fail"
    /// The title of an alert for a selection that could not be read or changed.
    static let selectionFail = "Selection Fail"
    /// The title of an alert for selected items a refresh changed or took away.
    static let menuChanged = "Menu Changed"
}

import Reactive

/// What the menu screen binds to (the tutorial's `MenuListViewModel`): the view shows these streams and
/// forwards every tap; all rules live behind this protocol.
@MainActor
public protocol MenuListViewModelType: AnyObject {
    /// The menu with the selected counts; its current value is replayed to each new subscriber.
    /// An `Observable`, not the tutorial's `BehaviorSubject`: the screen shows the selection and
    /// changes it through the intents below, never by pushing a list.
    var menuObservable: Observable<[MenuItem]> { get }
    /// The sum of the counts.
    var itemsCount: Observable<Int> { get }
    /// The sum of price × count, in won.
    var totalPrice: Observable<Int> { get }
    /// The total price formatted in won, such as `₩1,000`.
    var totalPriceText: Observable<String> { get }
    /// The alert to show now (a refusal, a failure or a placed order), nil when none; the latest is
    /// replayed to a new subscriber, and it stays until `dismissAlert()`.
    var alert: Observable<MenuAlert?> { get }

    /// Loads the catalog (again).
    func fetchMenu()
    /// Sets every count to 0.
    func clearAllItemSelections()
    /// Adds `increase` (negative to take away) to the count of `item`, never below 0.
    func changeCount(item: MenuItem, increase: Int)
    /// The alert's OK: the alert goes.
    func dismissAlert()
    /// Orders the selection, or shows "Order Fail" / "No Orders" when nothing is selected.
    func order()
}

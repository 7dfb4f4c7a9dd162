import Reactive

/// What the menu screen asks of the world: the stored menu, keeping the catalog in step with its
/// remote source, the selection's changes, and orders.
///
/// A struct of closures, as `AuthenticationClient` is, so a test replaces only the endpoint it
/// expects to be called; the live value is `MenuClient.live(database:tables:)` in `Menu`. Endpoints
/// answer with sequences, not `async` functions: a change is asked for when its effect starts, so
/// taps typed faster than the screen redraws reach the database in the order typed.
public struct MenuClient: Sendable {
    /// The stored catalog in its order, each item with its stored count, now and after every change
    /// to either (this screen's, another screen's, another process's), each value once; fails with a
    /// `MenuError` when the database cannot be read.
    public var menus: @Sendable () -> Observable<[MenuItem]>
    /// While subscribed, keeps the stored catalog in step with its remote source (a sync now, then
    /// every template published): the catalog reaches `menus()`, each failure this sequence; a
    /// refused catalog leaves the stored one as it was.
    public var keepInStep: @Sendable () -> Observable<MenuError>
    /// The changes a refresh made to the selection that nobody has been told of yet (a selected
    /// item that went, or came back under another name or price), now and whenever there are new
    /// ones; empty when there are none.
    public var selectionChanges: @Sendable () -> Observable<[MenuSelectionChange]>
    /// Marks `changes` as told: they leave `selectionChanges()` and `bistro menu list`.
    public var acknowledge: @Sendable (_ changes: [MenuSelectionChange]) -> Completable
    /// Adds `delta` (negative to take away) to the stored count of `item`, never below 0, reading
    /// the stored count in the step that writes; refused with `.staleOrder` when the catalog no
    /// longer has `item` at the name and price the user saw, `.countOverflow` or `.totalOverflow`
    /// when it would not fit. Answers with the stored selection after it.
    public var changeCount: @Sendable (_ item: MenuItem, _ delta: Int) -> Single<MenuSelection>
    /// Removes every count; answers with the (empty) stored selection.
    public var clearSelection: @Sendable () -> Single<MenuSelection>
    /// Orders the stored selection at the names and prices it was chosen at, and takes it off the
    /// selection in the same step: `.noOrders` when nothing is selected, `.staleOrder` when an item
    /// is no longer on the catalog at that price; nothing is stored then.
    public var placeOrder: @Sendable () -> Single<Receipt>

    /// A client of the given endpoints.
    public init(
        menus: @escaping @Sendable () -> Observable<[MenuItem]>,
        keepInStep: @escaping @Sendable () -> Observable<MenuError>,
        selectionChanges: @escaping @Sendable () -> Observable<[MenuSelectionChange]>,
        acknowledge: @escaping @Sendable (_ changes: [MenuSelectionChange]) -> Completable,
        changeCount: @escaping @Sendable (_ item: MenuItem, _ delta: Int) -> Single<MenuSelection>,
        clearSelection: @escaping @Sendable () -> Single<MenuSelection>,
        placeOrder: @escaping @Sendable () -> Single<Receipt>
    ) {
        self.menus = menus
        self.keepInStep = keepInStep
        self.selectionChanges = selectionChanges
        self.acknowledge = acknowledge
        self.changeCount = changeCount
        self.clearSelection = clearSelection
        self.placeOrder = placeOrder
    }
}

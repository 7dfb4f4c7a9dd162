import Reactive

/// Where the selection is kept between runs, shared by every screen and command that opens the
/// same database (the RxSwift menu tutorial keeps it in the view model's memory only).
///
/// The stored selection names only items of the stored catalog, with counts above 0; when the
/// catalog loses an item, its count goes too. Changes take effect in the order they are asked for;
/// each answers with the stored selection after it, or fails with a `MenuError` and changes nothing.
public protocol MenuSelectionService: Sendable {
    /// The stored selection.
    func selection() -> Single<MenuSelection>
    /// The stored selection now and again after every change to it, whoever made it (this program,
    /// another connection, another process), or a `MenuError`.
    func observeSelection() -> Observable<MenuSelection>
    /// The stored catalog in its order, each item with its stored count.
    func selectedMenus() -> Single<[MenuItem]>
    /// Makes `selection` the stored one; `.unknownItem` for an item not on the stored catalog, and
    /// `.totalOverflow` for a larger selection whose total would not fit.
    func replaceSelection(with selection: MenuSelection) -> Single<MenuSelection>
    /// Sets the count of item `menuID` (0 removes it), with the checks of `replaceSelection(with:)`
    /// and `.invalidCount` for a count below 0.
    func setCount(_ count: Int, of menuID: Int) -> Single<MenuSelection>
    /// Removes every count.
    func clearSelection() -> Single<MenuSelection>
    /// Takes the counts of `lines` (an order just placed) off, never below 0; what was added
    /// meanwhile stays, and lines of items not selected change nothing.
    func takeOff(_ lines: [OrderLine]) -> Single<MenuSelection>
}

extension MenuSelectionService {
    /// A service that cannot follow changes gives the stored selection once.
    public func observeSelection() -> Observable<MenuSelection> {
        selection().asObservable()
    }
}

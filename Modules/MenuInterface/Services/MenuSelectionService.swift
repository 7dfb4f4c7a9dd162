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
    /// Applies `change` to the stored selection and stores what it returns, in one step that no
    /// other change interleaves with (the live service: one transaction), and answers with it.
    /// `.unknownItem` for an item not on the stored catalog, `.totalOverflow` for a selection that
    /// grows past a total that fits, or the error `change` throws; nothing is stored then. The
    /// other changes are this one with a fixed `change`.
    func updateSelection(_ change: @escaping @Sendable (MenuSelection) throws(MenuError) -> MenuSelection) -> Single<MenuSelection>
    /// Makes `selection` the stored one, with the checks of `updateSelection(_:)`.
    func replaceSelection(with selection: MenuSelection) -> Single<MenuSelection>
    /// Sets the count of item `menuID` (0 removes it); `.invalidCount` for a count below 0.
    func setCount(_ count: Int, of menuID: Int) -> Single<MenuSelection>
    /// Adds `delta` (negative to take away) to the stored count of item `menuID`, never below 0,
    /// reading the stored count in the same step as it writes (so that two screens' taps both
    /// count); `.countOverflow` for a count that would no longer fit.
    func changeCount(of menuID: Int, by delta: Int) -> Single<MenuSelection>
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

    /// Makes `selection` the stored one, through `updateSelection(_:)`.
    public func replaceSelection(with selection: MenuSelection) -> Single<MenuSelection> {
        updateSelection { _ in selection }
    }

    /// Sets the count of item `menuID`, through `updateSelection(_:)`.
    public func setCount(_ count: Int, of menuID: Int) -> Single<MenuSelection> {
        updateSelection { stored throws(MenuError) in try stored.setting(count, of: menuID) }
    }

    /// Adds `delta` to the stored count of item `menuID`, through `updateSelection(_:)`.
    public func changeCount(of menuID: Int, by delta: Int) -> Single<MenuSelection> {
        updateSelection { stored throws(MenuError) in try stored.changing(menuID, by: delta) }
    }

    /// Removes every count, through `updateSelection(_:)`.
    public func clearSelection() -> Single<MenuSelection> {
        updateSelection { _ in .empty }
    }

    /// Takes the counts of `lines` off, through `updateSelection(_:)`.
    public func takeOff(_ lines: [OrderLine]) -> Single<MenuSelection> {
        updateSelection { stored in stored.removing(lines) }
    }
}

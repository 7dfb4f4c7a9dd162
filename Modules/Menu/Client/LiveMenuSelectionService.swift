import MenuInterface
import PersistenceInterface
import Reactive

/// The selection kept in the database (`menuSelection`), so that it survives a restart and every
/// screen and command on the same database shares it (the RxSwift menu tutorial keeps it in the
/// view model's memory only).
///
/// Each change is one write transaction on the database's writer queue, in the order asked, that
/// reads the stored catalog and selection, checks the new selection against the catalog, and writes
/// only the rows that change; each answers with the stored selection after it, or fails with a
/// `MenuError` and changes nothing. Reads are queued behind the writes asked for before them.
final class LiveMenuSelectionService: Sendable {
    private let database: any Database

    /// A service storing into `database` (opened with `MenuMigrations.all`).
    init(database: any Database) {
        self.database = database
    }

    /// The stored selection, of items of the stored catalog at the name and price chosen only.
    func selection() -> Single<MenuSelection> {
        database.readOnce { try MenuSelectionRecord.selection(in: $0) }
    }

    /// The stored catalog in its order, each item with its stored count.
    func selectedMenus() -> Single<[MenuItem]> {
        database.readOnce { try Self.selectedMenus(in: $0) }
    }

    /// The stored catalog in its order, each item with its stored count, in the caller's transaction.
    static func selectedMenus(in db: any ReadTransaction) throws -> [MenuItem] {
        let catalog = try MenuItemRecord.menus(in: db)
        return try MenuSelectionRecord.selection(in: db, of: catalog).applied(to: catalog)
    }

    // MARK: Writing

    /// Applies `change` to the stored selection and stores what it returns once checked against the
    /// stored catalog, in one transaction that no other change interleaves with: `.unknownItem` for
    /// an item not on the catalog, `.totalOverflow` for a selection that grows past a total that
    /// fits, or the error `change` throws; nothing is stored then. Every other change is this one.
    func updateSelection(_ change: @escaping @Sendable (MenuSelection, [MenuItem]) throws(MenuError) -> MenuSelection)
        -> Single<MenuSelection>
    {
        database.asyncWrite { db in
            let catalog = try MenuItemRecord.menus(in: db)
            let stored = try MenuSelectionRecord.selection(in: db, of: catalog)
            let selection = try change(stored, catalog)
            try Self.check(selection, against: catalog, stored: stored)
            try MenuSelectionRecord.store(selection, of: catalog, in: db)
            return selection
        }
        .catch { .error(MenuError(storageFailure: $0)) }
        .asSingle()
    }

    /// Makes `selection` the stored one.
    func replaceSelection(with selection: MenuSelection) -> Single<MenuSelection> {
        updateSelection { _, _ in selection }
    }

    /// Sets the count of item `menuID` (0 removes it); `.invalidCount` for a count below 0.
    func setCount(_ count: Int, of menuID: Int) -> Single<MenuSelection> {
        updateSelection { stored, _ throws(MenuError) in try stored.setting(count, of: menuID) }
    }

    /// Adds `delta` (negative to take away) to the stored count of `item`, never below 0, reading
    /// the stored count in the step that writes (so that two screens' taps both count);
    /// `.staleOrder` when the catalog no longer has `item` at the name and price shown,
    /// `.countOverflow` for a count that would no longer fit.
    func changeCount(of item: MenuItem, by delta: Int) -> Single<MenuSelection> {
        updateSelection { stored, catalog throws(MenuError) in
            guard catalog.contains(where: { $0.id == item.id && $0.name == item.name && $0.price == item.price }) else {
                throw .staleOrder(menuID: item.id)
            }
            return try stored.changing(item.id, by: delta)
        }
    }

    /// Removes every count.
    func clearSelection() -> Single<MenuSelection> {
        updateSelection { _, _ in .empty }
    }

    /// Takes the counts of `lines` (an order just placed) off, never below 0; what was added
    /// meanwhile stays, and lines of items not selected change nothing.
    func takeOff(_ lines: [OrderLine]) -> Single<MenuSelection> {
        updateSelection { stored, _ in stored.removing(lines) }
    }

    /// Refuses items the catalog does not have, and a selection that grows past a total that fits.
    // Only growth is checked for the total, as the screen does: taking items away must always be
    // possible, even from a selection whose total a new price pushed too high.
    private static func check(_ selection: MenuSelection, against catalog: [MenuItem], stored: MenuSelection) throws(MenuError) {
        let ids = Set(catalog.map(\.id))
        if let unknown = selection.counts.keys.filter({ !ids.contains($0) }).min() { throw .unknownItem(menuID: unknown) }
        let grows = selection.counts.contains { $0.value > stored.count(of: $0.key) }
        if grows { _ = try MenuTotals(selection.applied(to: catalog)) }
    }
}

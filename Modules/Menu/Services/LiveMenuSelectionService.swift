import MenuInterface
import PersistenceInterface
import Reactive

/// The selection kept in the database (`menuSelection`), so that it survives a restart and every
/// screen and command on the same database shares it.
///
/// Each change is one write transaction on the database's writer queue, in the order asked, that
/// reads the stored catalog and selection, checks the new selection against the catalog, and writes
/// only the rows that change. Reads are queued behind the writes asked for before them.
public final class LiveMenuSelectionService: MenuSelectionService {
    private let database: any Database

    /// A service storing into `database` (opened with `MenuMigrations.all`).
    public init(database: any Database) {
        self.database = database
    }

    /// The stored selection, of items of the stored catalog only.
    public func selection() -> Single<MenuSelection> {
        database.readOnce { try MenuSelectionRecord.selection(in: $0) }
    }

    /// The stored selection now and after every commit that changes it, also other processes'
    /// (`bistro menu set` while a screen is open); each value once.
    public func observeSelection() -> Observable<MenuSelection> {
        database.observe(removeDuplicates: { $0 == $1 }) { try MenuSelectionRecord.selection(in: $0) }
            .catch { .error(MenuError(storageFailure: $0)) }
    }

    /// The stored catalog in its order, each item with its stored count.
    public func selectedMenus() -> Single<[MenuItem]> {
        database.readOnce { db in
            try MenuSelectionRecord.selection(in: db).applied(to: MenuItemRecord.menus(in: db))
        }
    }

    // MARK: Writing

    /// Runs `change` on the stored selection and stores its result once checked against the stored
    /// catalog, in one transaction: every other change is this one.
    public func updateSelection(_ change: @escaping @Sendable (MenuSelection) throws(MenuError) -> MenuSelection) -> Single<MenuSelection> {
        database.asyncWrite { db in
            let catalog = try MenuItemRecord.menus(in: db)
            let stored = try MenuSelectionRecord.selection(in: db)
            let selection = try change(stored)
            try Self.check(selection, against: catalog, stored: stored)
            try MenuSelectionRecord.store(selection, in: db)
            return selection
        }
        .catch { .error(MenuError(storageFailure: $0)) }
        .asSingle()
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

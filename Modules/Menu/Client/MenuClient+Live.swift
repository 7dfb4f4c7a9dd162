import FeatureContract
import Foundation
import MenuInterface
import PersistenceInterface
import Reactive

extension MenuClient {
    /// The client over `database` (opened with the feature's migrations), whose catalog table
    /// `tables` keeps in step with remote config's `menu`, timing orders by `now`.
    ///
    /// What the screen shows is always what the database holds, observed in one read of the
    /// catalog and the selection and delivered on the main queue (one hand-off from the writer);
    /// a refresh reaches the screen only through that observation.
    public static func live(database: any Database, tables: RemoteConfigTables, now: @escaping @Sendable () -> Date = Date.init)
        -> MenuClient
    {
        let selection = LiveMenuSelectionService(database: database)
        let orders = LiveOrderService(database: database, now: now)
        return MenuClient(
            menus: {
                database.observe(removeDuplicates: { $0 == $1 }, delivery: .async(onQueue: .main)) {
                    try LiveMenuSelectionService.selectedMenus(in: $0)
                }
                .catch { .error(MenuError(storageFailure: $0)) }
            },
            keepInStep: { tables.keepInStep(MenuItemRecord.key).map { MenuError(tableFailure: $0) } },
            selectionChanges: {
                database.observe(removeDuplicates: { $0 == $1 }, delivery: .async(onQueue: .main)) {
                    try MenuSelectionChangeRecord.changes(in: $0)
                }
                .catch { .error(MenuError(storageFailure: $0)) }
            },
            acknowledge: { changes in
                database.asyncWrite { try MenuSelectionChangeRecord.acknowledge(changes, in: $0) }
                    .catch { .error(MenuError(storageFailure: $0)) }
                    .asSingle().asCompletable()
            },
            changeCount: { item, delta in selection.changeCount(of: item, by: delta) },
            clearSelection: { selection.clearSelection() },
            placeOrder: { orders.placeSelection() })
    }
}

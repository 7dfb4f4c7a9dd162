import Foundation
import MenuInterface
import PersistenceInterface
import Reactive

/// Orders stored in the database: the order and its lines in one transaction that also checks them
/// against the stored catalog and the stored selection and takes them off the selection. It reads
/// them back with `placedOrders()`.
///
/// An order is of the stored selection: whatever decided it (a screen, `bistro menu order`) read
/// the selection earlier, so the transaction reads it again. Of two screens, or ten processes,
/// ordering the same selection at once, one places the order and the others are refused with
/// `.selectionChanged`: it is placed once.
final class LiveOrderService: Sendable {
    let database: any Database
    private let now: @Sendable () -> Date

    /// A service storing into `database` (opened with `MenuMigrations.all`), timing orders by `now`.
    init(database: any Database, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    /// Stores `order` on the writer queue and takes its counts off the stored selection; `.staleOrder`
    /// when an item is gone or its price changed, `.selectionChanged` when the stored selection no
    /// longer holds the order (it was ordered or changed meanwhile).
    func placeOrder(_ order: Order) -> Single<Receipt> {
        let now = now
        return database.asyncWrite { db in
            let catalog = try MenuItemRecord.menus(in: db)
            let selection = try MenuSelectionRecord.selection(in: db, of: catalog)
            return try Self.place(order, at: now(), catalog: catalog, selection: selection, in: db)
        }
        .catch { error in .error(MenuError(storageFailure: error)) }
        .asSingle()
    }

    /// Orders the stored selection at the names and prices it was chosen at (the ones the user
    /// saw), in the transaction that reads it, behind every change asked for before: `.noOrders`
    /// when nothing is selected.
    func placeSelection() -> Single<Receipt> {
        let now = now
        return database.asyncWrite { db in
            let catalog = try MenuItemRecord.menus(in: db)
            let selection = try MenuSelectionRecord.selection(in: db, of: catalog)
            let order = try Order(menus: selection.applied(to: catalog))
            return try Self.place(order, at: now(), catalog: catalog, selection: selection, in: db)
        }
        .catch { error in .error(MenuError(storageFailure: error)) }
        .asSingle()
    }

    /// Stores `order` and takes it off `selection`, in the caller's transaction, which read the
    /// stored `catalog` and `selection`.
    private static func place(
        _ order: Order, at placedAt: Date, catalog: [MenuItem], selection: MenuSelection, in db: any WriteTransaction
    ) throws -> Receipt {
        // The customer saw these prices; charging others would be wrong, so the order is refused.
        for line in order.lines {
            guard catalog.contains(where: { $0.id == line.menuID && $0.price == line.price }) else {
                throw MenuError.staleOrder(menuID: line.menuID)
            }
        }
        guard order.lines.allSatisfy({ selection.count(of: $0.menuID) >= $0.count }) else { throw MenuError.selectionChanged }
        let orderID = try db.insert(OrderRecord(id: nil, placedAt: placedAt, total: order.total))
        for (position, line) in order.lines.enumerated() {
            try db.insert(OrderLineRecord(orderID: orderID, position: position, line: line))
        }
        try MenuSelectionRecord.store(selection.removing(order.lines), of: catalog, in: db)
        return Receipt(orderID: orderID, placedAt: placedAt, order: order)
    }
}

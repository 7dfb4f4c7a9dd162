import Foundation
import MenuInterface
import PersistenceInterface
import Reactive

/// Orders stored in the database: the order and its lines in one transaction, checked against the
/// stored catalog in that same transaction. It reads them back as the `OrderHistory`
/// (`LiveOrderService+History.swift`).
public final class LiveOrderService: OrderService {
    let database: any Database
    private let now: @Sendable () -> Date

    /// A service storing into `database` (opened with `MenuMigrations.all`), timing orders by `now`.
    public init(database: any Database, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    /// Stores `order` on the writer queue; `.staleOrder` when an item is gone or its price changed.
    public func placeOrder(_ order: Order) -> Single<Receipt> {
        let now = now
        return database.asyncWrite { db in
            // The customer saw these prices; charging others would be wrong, so the order is refused.
            for line in order.lines {
                guard try db.fetchOne(MenuItemRecord.self, id: line.menuID)?.price == line.price else {
                    throw MenuError.staleOrder(menuID: line.menuID)
                }
            }
            let placedAt = now()
            let orderID = try db.insert(OrderRecord(id: nil, placedAt: placedAt, total: order.total))
            for (position, line) in order.lines.enumerated() {
                try db.insert(OrderLineRecord(orderID: orderID, position: position, line: line))
            }
            return Receipt(orderID: orderID, placedAt: placedAt, order: order)
        }
        .catch { error in .error(error as? MenuError ?? MenuError.storage(reason: "\(error)")) }
        .asSingle()
    }
}

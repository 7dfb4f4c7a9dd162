import MenuInterface
import PersistenceInterface
import Reactive

extension LiveOrderService {
    /// Every stored order, oldest first (ids only grow), each with its lines in their order.
    func placedOrders() -> Single<[Receipt]> {
        database.readOnce { db in
            let lines = Dictionary(
                grouping: try db.fetchAll(OrderLineRecord.order(Column("orderID").asc, Column("position").asc)), by: \.orderID)
            return try db.fetchAll(OrderRecord.order(Column("id").asc)).compactMap { order -> Receipt? in
                // Stored rows always have their id; only a record about to be inserted lacks one.
                guard let id = order.id else { return nil }
                return Receipt(orderID: id, placedAt: order.placedAt, lines: (lines[id] ?? []).map(\.line), total: order.total)
            }
        }
    }
}

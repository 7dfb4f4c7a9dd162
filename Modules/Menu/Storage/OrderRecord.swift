import Foundation
import PersistenceInterface

/// An order as stored: a row of `menuOrders`; its lines are `OrderLineRecord`s.
struct OrderRecord: DatabaseRecord {
    static let tableName = "menuOrders"

    /// nil until inserted; then the id SQLite assigned.
    var id: Int64?
    var placedAt: Date
    var total: Int
}

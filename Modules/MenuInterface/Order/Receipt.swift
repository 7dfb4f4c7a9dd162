import Foundation

/// A placed order as the order service stored it.
public struct Receipt: Sendable, Hashable {
    /// The stored order's id; ids are never reused.
    public let orderID: Int64
    /// When the order was stored.
    public let placedAt: Date
    /// The lines ordered.
    public let lines: [OrderLine]
    /// The total charged, in won.
    public let total: Int

    /// A receipt for `order`, stored as `orderID` at `placedAt`.
    public init(orderID: Int64, placedAt: Date, order: Order) {
        self.orderID = orderID
        self.placedAt = placedAt
        lines = order.lines
        total = order.total
    }

    /// A receipt as read back from storage: order `orderID` placed at `placedAt` with its lines and total.
    public init(orderID: Int64, placedAt: Date, lines: [OrderLine], total: Int) {
        self.orderID = orderID
        self.placedAt = placedAt
        self.lines = lines
        self.total = total
    }
}

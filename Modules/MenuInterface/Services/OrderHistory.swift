import Reactive

/// The orders placed so far, as stored (the read side of `OrderService`).
public protocol OrderHistory: Sendable {
    /// Every stored order, oldest first, each with its lines in their order; fails with a `MenuError`.
    func placedOrders() -> Single<[Receipt]>
}

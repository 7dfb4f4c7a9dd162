import Reactive

/// Where orders go (the ReSwift middleware tutorial's injected service, for ordering).
public protocol OrderService: Sendable {
    /// Stores `order` and emits its receipt, or fails with a `MenuError`; nothing is stored on failure.
    /// A service that keeps the selection takes the order's counts off it in the same step, and
    /// refuses with `.selectionChanged` an order the selection no longer holds, so that an order
    /// is placed once however many screens ask for it.
    func placeOrder(_ order: Order) -> Single<Receipt>
}

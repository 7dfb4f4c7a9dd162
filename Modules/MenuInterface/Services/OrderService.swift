import Reactive

/// Where orders go (seed 001's injected service, for ordering).
public protocol OrderService: Sendable {
    /// Stores `order` and emits its receipt, or fails with a `MenuError`; nothing is stored on failure.
    func placeOrder(_ order: Order) -> Single<Receipt>
}

import MenuInterface

/// Placing an order, as the ReSwift middleware tutorial's `CreatePost`: a request carrying the order and its outcomes.
public enum PlaceOrder: Sendable, Equatable {
    /// Store `order`; the `MenuMiddleware.placeOrder(service:)` item reacts to it.
    case request(Order)
    /// The order was stored.
    case success(receipt: Receipt)
    /// The order was not stored.
    case failure(error: MenuError)
}

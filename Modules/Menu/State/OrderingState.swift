import MenuInterface

/// The ordering part of the store's state.
public struct OrderingState: Sendable, Equatable {
    /// Whether an order was requested and has not succeeded or failed yet.
    public var isOrdering: Bool
    /// The latest order placed.
    public var receipt: Receipt?

    /// An ordering state.
    public init(isOrdering: Bool = false, receipt: Receipt? = nil) {
        self.isOrdering = isOrdering
        self.receipt = receipt
    }
}

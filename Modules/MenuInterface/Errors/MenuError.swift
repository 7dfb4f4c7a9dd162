import Foundation

/// Everything the menu feature refuses or fails with; actions, state and alerts carry it.
///
/// Cases carry ids, positions and reasons, never names or prices, so an error can be logged as it is.
public enum MenuError: Error, Sendable, Hashable {
    /// The catalog could not be fetched from its remote source; the stored catalog stays.
    case catalogUnavailable(reason: String)
    /// The remote catalog was rejected as a whole; the stored catalog stays.
    case invalidCatalog(MenuCatalogError)
    /// The database failed; the reason is the persistence layer's.
    case storage(reason: String)
    /// The item's count would no longer fit in `Int`; the count was kept.
    case countOverflow(menuID: Int)
    /// The selection's total count or price would no longer fit in `Int`; the selection was kept.
    case totalOverflow
    /// An order was asked for with nothing selected.
    case noOrders
    /// The order names an item the stored catalog no longer has at that price; nothing was stored.
    case staleOrder(menuID: Int)
    /// The stored selection no longer holds the order (another screen or process ordered or changed
    /// it meanwhile); nothing was stored.
    case selectionChanged
    /// A selection names an item the stored catalog does not have; nothing was stored.
    case unknownItem(menuID: Int)
    /// A selection gives the item a count below 0; nothing was stored.
    case invalidCount(menuID: Int)
    /// A service failed with an error of another kind.
    case unknown
}

extension MenuError: CustomStringConvertible, LocalizedError {
    /// A sentence for alerts and logs.
    public var description: String {
        switch self {
        case .catalogUnavailable(let reason): "The menu could not be loaded: \(reason)"
        case .invalidCatalog(let error): "The menu was rejected: \(error)."
        case .storage(let reason): "The menu's storage failed: \(reason)"
        case .countOverflow: "That count is too large."
        case .totalOverflow: "The total is too large."
        case .noOrders: "No Orders"
        case .staleOrder: "The menu changed; please check your order."
        case .selectionChanged: "The selection changed meanwhile; nothing was ordered."
        case .unknownItem(let id): "Item \(id) is not on the menu."
        case .invalidCount: "A count cannot be below 0."
        case .unknown: "Something went wrong."
        }
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
}

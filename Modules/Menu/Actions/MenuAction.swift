/// Every action of the menu store. ReSwift dispatches any `Action`; a typed store takes one enum
/// that wraps the tutorial's action enums.
public enum MenuAction: Sendable, Equatable {
    /// Loading the catalog.
    case fetchMenu(FetchMenu)
    /// Placing an order.
    case placeOrder(PlaceOrder)
    /// The alert.
    case alert(MenuAlertAction)
}

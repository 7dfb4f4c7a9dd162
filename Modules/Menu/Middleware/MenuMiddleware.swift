import Architecture
import MenuInterface

/// The menu's side effects, as store middleware: each item reacts to one action, calls its
/// service and dispatches the outcome (the ReSwift middleware tutorial's pattern).
public enum MenuMiddleware {
    /// Every item as one store middleware (the tutorial's `createMiddleware(items: sideEffects)`):
    /// loading the catalog and placing orders.
    public static func all(menuService: any MenuService, orderService: any OrderService) -> Middleware<MenuState, MenuAction> {
        createMiddleware(items: [fetchMenu(service: menuService), placeOrder(service: orderService)])
    }
}

import Architecture
import MenuInterface

/// The menu's side effects as one store middleware (the ReSwift middleware tutorial's
/// `createMiddleware(items: sideEffects)`): loading the catalog and placing orders.
public func menuMiddleware(menuService: any MenuService, orderService: any OrderService) -> Middleware<MenuState, MenuAction> {
    createMiddleware(items: [fetchMenu(service: menuService), placeOrder(service: orderService)])
}

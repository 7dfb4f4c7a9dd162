import Architecture
import MenuInterface

/// The menu's side effects as one store middleware (seed 001's `createMiddleware(items: sideEffects)`).
public func menuMiddleware(menuService: any MenuService, orderService: any OrderService) -> Middleware<MenuState, MenuAction> {
    createMiddleware(items: [
        fetchMenu(service: menuService),
        placeOrder(service: orderService),
    ])
}

import Architecture
import MenuInterface

/// The menu's side effects as one store middleware (the ReSwift middleware tutorial's `createMiddleware(items: sideEffects)`);
/// with a `selectionService`, also reading and storing the selection.
public func menuMiddleware(
    menuService: any MenuService, orderService: any OrderService, selectionService: (any MenuSelectionService)? = nil
) -> Middleware<MenuState, MenuAction> {
    var items = [fetchMenu(service: menuService), placeOrder(service: orderService)]
    if let selectionService {
        items += [loadSelection(service: selectionService), saveSelection(service: selectionService)]
    }
    return createMiddleware(items: items)
}

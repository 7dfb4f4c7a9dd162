import Architecture
import MenuInterface
import Reactive

extension MenuMiddleware {
    /// Loads the catalog on `.fetchMenu(.request)` (the ReSwift middleware tutorial's `fetchUsers(dataService:)`): dispatches
    /// `.success(menus:)` for each catalog the service delivers and `.failure(error:)` for each failure.
    ///
    /// The service delivers the stored catalog, observed, so the subscription stays open and every later
    /// change to the stored catalog reaches the store as another success. A new request replaces it; it
    /// ends when the item (the store that owns it) goes away.
    public static func fetchMenu(service: any MenuService) -> MiddlewareItem<MenuAction> {
        let observation = CurrentSubscription()
        return { action, dispatch in
            guard case .fetchMenu(.request) = action else { return }
            observation.replace {
                service.fetchMenu().subscribe(
                    onNext: { event in
                        switch event {
                        case .next(let menus): dispatch(.fetchMenu(.success(menus: menus)))
                        case .error(let error): dispatch(.fetchMenu(.failure(error: MenuError(error))))
                        case .completed: break
                        }
                    },
                    // The contract puts failures in elements; a stream that fails anyway is one more failure.
                    onError: { dispatch(.fetchMenu(.failure(error: MenuError($0)))) }
                )
            }
        }
    }
}

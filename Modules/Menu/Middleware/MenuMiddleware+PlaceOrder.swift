import Architecture
import MenuInterface
import Reactive

extension MenuMiddleware {
    /// Places the order of `.placeOrder(.request(order))` (the ReSwift middleware tutorial's `createPost(dataService:)`):
    /// dispatches `.success(receipt:)` or `.failure(error:)`.
    public static func placeOrder(service: any OrderService) -> MiddlewareItem<MenuAction> {
        return { action, dispatch in
            guard case .placeOrder(.request(let order)) = action else { return }
            // Nothing to keep: a Single ends its subscription itself once it succeeds or fails.
            _ = service.placeOrder(order).subscribe { result in
                switch result {
                case .success(let receipt): dispatch(.placeOrder(.success(receipt: receipt)))
                case .failure(let error): dispatch(.placeOrder(.failure(error: MenuError(error))))
                }
            }
        }
    }
}

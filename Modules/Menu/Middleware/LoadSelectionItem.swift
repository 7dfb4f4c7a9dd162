import Architecture
import MenuInterface
import Reactive

/// Reads the stored selection on `.loadSelection(.request)`: dispatches `.success(selection:)` or
/// `.failure(error:)`.
public func loadSelection(service: any MenuSelectionService) -> MiddlewareItem<MenuAction> {
    return { action, dispatch in
        guard case .loadSelection(.request) = action else { return }
        // Nothing to keep: a Single ends its subscription itself once it succeeds or fails.
        _ = service.selection().subscribe { result in
            switch result {
            case .success(let selection): dispatch(.loadSelection(.success(selection: selection)))
            case .failure(let error): dispatch(.loadSelection(.failure(error: MenuError(error))))
            }
        }
    }
}

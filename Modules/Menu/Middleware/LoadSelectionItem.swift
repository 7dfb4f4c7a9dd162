import Architecture
import MenuInterface
import Reactive

/// Follows the stored selection on `.loadSelection(.request)`: dispatches `.success(selection:)` now
/// and after every change to it (another screen's or process's included), or `.failure(error:)`.
///
/// A new request replaces the subscription; it ends when the item (the store that owns it) goes away.
public func loadSelection(service: any MenuSelectionService) -> MiddlewareItem<MenuAction> {
    let observation = CurrentSubscription()
    return { action, dispatch in
        guard case .loadSelection(.request) = action else { return }
        observation.replace {
            service.observeSelection().subscribe(
                onNext: { dispatch(.loadSelection(.success(selection: $0))) },
                onError: { dispatch(.loadSelection(.failure(error: MenuError($0)))) })
        }
    }
}

import Architecture
import MenuInterface
import Reactive

/// Stores the selection of `.saveSelection(.request(selection))` in place of the stored one:
/// dispatches `.success(selection:)` or `.failure(error:)`.
///
/// Each request stores the whole selection, so the last one asked for is what stays, and a request
/// after a failure repairs whatever the failure left behind. The service runs them in the order asked.
public func saveSelection(service: any MenuSelectionService) -> MiddlewareItem<MenuAction> {
    return { action, dispatch in
        guard case .saveSelection(.request(let selection)) = action else { return }
        _ = service.replaceSelection(with: selection).subscribe { result in
            switch result {
            case .success(let stored): dispatch(.saveSelection(.success(selection: stored)))
            case .failure(let error): dispatch(.saveSelection(.failure(error: MenuError(error))))
            }
        }
    }
}

import ReSwiftCompatibility

// The tutorial's middleware: each side effect is an item that sees every action and may dispatch;
// `createMiddleware(items:)` makes the list one ReSwift middleware that shows each action to every
// item before passing it on.
typealias MiddlewareItem = (Action, @escaping DispatchFunction) -> Void

func createMiddleware(items: [MiddlewareItem]) -> Middleware<AppState> {
    return { dispatch, getState in
        return { next in
            return { action in
                items.forEach { $0(action, dispatch) }
                return next(action)
            }
        }
    }
}

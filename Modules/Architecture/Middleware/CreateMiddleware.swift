/// Turns middleware items into one middleware: each action is shown to every item, in order,
/// *before* it reaches the reducer, then passed on unchanged.
///
/// Before, as in the ReSwift middleware tutorial: an item reacts to the request itself, not to the state it produced;
/// what it dispatches is queued, so the reducer always sees the request first.
@inlinable
public func createMiddleware<State, Action>(items: [MiddlewareItem<Action>]) -> Middleware<State, Action> {
    return { dispatch, _ in
        return { next in
            return { action in
                for item in items { item(action, dispatch) }
                next(action)
            }
        }
    }
}

import Architecture

/// The menu's reducer (the ReSwift middleware tutorial's `appReducer`): each part of the state from its own sub-reducer.
/// Pure: no service is called here; the middleware items do that.
public func menuReducer(action: MenuAction, state: MenuState?) -> MenuState {
    MenuState(
        catalog: catalogReducer(action: action, state: state?.catalog),
        ordering: orderingReducer(action: action, state: state?.ordering)
    )
}

/// `menuReducer` as the store's reducer; it starts no effects, the middleware runs them.
public struct MenuReducer: Reducer {
    /// The reducer.
    public init() {}

    /// Replaces the state with `menuReducer`'s.
    public func reduce(into state: inout MenuState, action: MenuAction) -> Effect<MenuAction> {
        state = menuReducer(action: action, state: state)
        return .none
    }
}

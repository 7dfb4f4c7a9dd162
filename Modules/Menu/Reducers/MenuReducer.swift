import Architecture

/// The menu's reducer, for the store; it starts no effects, the middleware runs them.
public struct MenuReducer: Reducer {
    /// The reducer.
    public init() {}

    /// Replaces the state with `MenuReducer.menu`'s.
    public func reduce(into state: inout MenuState, action: MenuAction) -> Effect<MenuAction> {
        state = Self.menu(action: action, state: state)
        return .none
    }

    /// The next state as a pure function (the ReSwift middleware tutorial's `appReducer`): each
    /// part of the state from its own sub-reducer. No service is called here; the middleware items
    /// do that.
    public static func menu(action: MenuAction, state: MenuState?) -> MenuState {
        MenuState(
            catalog: catalog(action: action, state: state?.catalog),
            ordering: ordering(action: action, state: state?.ordering),
            alert: alert(action: action, state: state?.alert)
        )
    }
}

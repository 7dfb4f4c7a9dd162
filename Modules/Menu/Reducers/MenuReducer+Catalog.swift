extension MenuReducer {
    /// The catalog: replaced by each success; a failure keeps it (the alert says why).
    public static func catalog(action: MenuAction, state: CatalogState?) -> CatalogState {
        var state = state ?? CatalogState()
        if case .fetchMenu(.success(let menus)) = action { state.menus = menus }
        return state
    }
}

extension MenuReducer {
    /// The catalog: replaced by each success, a numbered failure kept for each failure.
    public static func catalog(action: MenuAction, state: CatalogState?) -> CatalogState {
        var state = state ?? CatalogState()
        switch action {
        case .fetchMenu(.success(let menus)):
            state.menus = menus
        case .fetchMenu(.failure(let error)):
            state.failure = .next(after: state.failure, error: error)
        case .fetchMenu(.request), .placeOrder:
            break
        }
        return state
    }
}

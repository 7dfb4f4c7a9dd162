extension MenuReducer {
    /// Orders: in flight from the request until its outcome; the latest receipt kept.
    public static func ordering(action: MenuAction, state: OrderingState?) -> OrderingState {
        var state = state ?? OrderingState()
        switch action {
        case .placeOrder(.request):
            state.isOrdering = true
        case .placeOrder(.success(let receipt)):
            state.isOrdering = false
            state.receipt = receipt
        case .placeOrder(.failure):
            state.isOrdering = false
        case .fetchMenu, .alert:
            break
        }
        return state
    }
}

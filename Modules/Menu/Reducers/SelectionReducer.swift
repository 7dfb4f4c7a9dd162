/// The stored selection: loading from the request to its outcome, what was read and stored last,
/// a numbered failure kept for each failure to read or store.
public func selectionReducer(action: MenuAction, state: SelectionState?) -> SelectionState {
    var state = state ?? SelectionState()
    switch action {
    case .loadSelection(.request):
        state.isLoading = true
    case .loadSelection(.success(let selection)):
        state.isLoading = false
        state.loaded = selection
        state.saved = selection
    case .loadSelection(.failure(let error)):
        state.isLoading = false
        state.failure = .next(after: state.failure, error: error)
    case .saveSelection(.success(let selection)):
        state.saved = selection
    case .saveSelection(.failure(let error)):
        state.failure = .next(after: state.failure, error: error)
    case .saveSelection(.request), .fetchMenu, .placeOrder:
        break
    }
    return state
}

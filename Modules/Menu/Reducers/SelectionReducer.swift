/// The stored selection: loading from the request to its outcome, what was read and stored last,
/// the stores asked for and not answered yet, a numbered failure kept for each failure to read or store.
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
    case .saveSelection(.request):
        state.savesInFlight += 1
        state.savesRequested += 1
    case .saveSelection(.success(let selection)):
        // What storage held right after the store, as a read would have found it.
        state.saved = selection
        state.loaded = selection
        state.savesInFlight = max(0, state.savesInFlight - 1)
    case .saveSelection(.failure(let error)):
        state.failure = .next(after: state.failure, error: error)
        state.savesInFlight = max(0, state.savesInFlight - 1)
    case .fetchMenu, .placeOrder:
        break
    }
    return state
}

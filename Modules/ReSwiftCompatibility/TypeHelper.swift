/// Calls `function` with `state` cast to the type it takes, for code that holds a state as `Any`:
/// a nil state is passed as nil; a state of another type is returned unchanged, `function`
/// uncalled.
@discardableResult
func withSpecificTypes<SpecificStateType, Action>(
    _ action: Action, state genericState: Any?, function: (_ action: Action, _ state: SpecificStateType?) -> SpecificStateType
) -> Any {
    guard let genericState else { return function(action, nil) }
    guard let specificState = genericState as? SpecificStateType else { return genericState }
    return function(action, specificState)
}

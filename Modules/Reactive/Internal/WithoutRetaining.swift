/// Calls `body` with `object`, retaining it for neither: for an inner observer calling the sink
/// that holds it, which outlives the call (the observer keeps it). Loaded from a property, the sink
/// was retained and released around every value, an atomic increment and decrement each.
@inline(__always)
func withoutRetaining<Object: AnyObject, Result>(_ object: Object, _ body: (Object) throws -> Result) rethrows -> Result {
    try Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
}

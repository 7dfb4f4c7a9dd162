/// Carries a value to the thread that a scheduler or a dispatch queue runs it on.
///
/// Swift cannot see that Rx hands a value over: once an action, an observer or a subscription is
/// given to a scheduler, the giver never touches it again, and the receiving queue uses it alone.
/// The synchronisation is the queue's enqueue/dequeue (a release/acquire pair) or, where noted at the
/// use site, the lock of the operator that owns the value. This is the only place Reactive moves a
/// non-`Sendable` value across threads; every use says which of the two it relies on.
struct Handoff<Value>: @unchecked Sendable { // synchronised by the queue or lock named at each use
    let value: Value
    init(_ value: Value) { self.value = value }
}

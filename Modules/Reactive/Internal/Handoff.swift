/// Carries a non-`Sendable` value to the thread that a scheduler, a dispatch queue or a lock's next
/// holder uses it on; shared by the package's modules.
///
/// Swift cannot see that a value is handed over: once an action, an observer or a subscription is
/// given to a scheduler, the giver never touches it again, and the receiving queue uses it alone.
/// The synchronisation is the queue's enqueue/dequeue (a release/acquire pair) or, where noted at the
/// use site, the lock of the operator that owns the value. Every use says which it relies on.
package struct Handoff<Value>: @unchecked Sendable {  // synchronised by the queue or lock named at each use
    /// The value handed over.
    package let value: Value
    /// Wraps `value` for the hand-over.
    package init(_ value: Value) { self.value = value }
}

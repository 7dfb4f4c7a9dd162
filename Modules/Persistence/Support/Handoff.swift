/// Carries a non-`Sendable` value to the one queue that uses it next.
///
/// Swift cannot see that a value is handed over: the giver never touches it again and the receiving
/// queue uses it alone. Every use site names the queue (an enqueue/dequeue pair) that orders the access.
struct Handoff<Value>: @unchecked Sendable { // ordered by the queue named at each use site
    let value: Value
    init(_ value: Value) { self.value = value }
}

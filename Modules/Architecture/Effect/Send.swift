/// Sends actions from an effect's async work back into the store.
///
/// Once the effect is cancelled, sending does nothing: a cancelled search must not deliver stale
/// results even when its work did not check for cancellation.
public struct Send<Action: Sendable>: Sendable {
    let send: @Sendable (Action) -> Void

    /// A `Send` that calls `send`; tests use it to drive an effect's operation by hand.
    public init(send: @escaping @Sendable (Action) -> Void) {
        self.send = send
    }

    /// Sends `action` to the store, unless the effect was cancelled.
    public func callAsFunction(_ action: Action) {
        guard !Task.isCancelled else { return }
        send(action)
    }
}

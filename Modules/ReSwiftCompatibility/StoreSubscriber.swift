/// A subscriber whatever the type of state it takes; the store holds subscribers through it,
/// weakly.
public protocol AnyStoreSubscriber: AnyObject {
    /// Receives a state of any type; `StoreSubscriber` passes it on when it is of its own type.
    func _newState(state: Any)
}

/// An object told about the store's states (or the part of them its subscription selects).
public protocol StoreSubscriber: AnyStoreSubscriber {
    /// The type of state it receives.
    associatedtype StoreSubscriberStateType

    /// Receives a state: on subscribing, then after each action its subscription lets through.
    func newState(state: StoreSubscriberStateType)
}

extension StoreSubscriber {
    /// Passes `state` to `newState(state:)` when it is of the subscriber's type; ignores it otherwise.
    // Inlinable, so that the cast is compiled with the subscriber's state type at hand: in the
    // library's generic code it asked the runtime for `Optional<StoreSubscriberStateType>` first.
    @inlinable
    public func _newState(state: Any) {
        // A value of exactly the subscriber's type, as the store delivers to a subscriber of its
        // own, is taken out of the `Any` as it is; only another type (an optional, a subclass, a
        // protocol) goes through a dynamic cast, several hundred instructions.
        func exactly<Value>(_ value: Value) -> StoreSubscriberStateType? {
            Value.self == StoreSubscriberStateType.self ? unsafeBitCast(value, to: StoreSubscriberStateType.self) : nil
        }
        if let state = _openExistential(state, do: exactly) ?? (state as? StoreSubscriberStateType) {
            newState(state: state)
        }
    }
}

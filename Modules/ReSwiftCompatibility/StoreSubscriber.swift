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
        if let state = value(of: state, exactly: StoreSubscriberStateType.self) ?? (state as? StoreSubscriberStateType) {
            newState(state: state)
        }
    }
}

/// The value `any` holds when it is of exactly `type`, taken out without a dynamic cast; nil
/// otherwise.
// The type comes in as an argument, not as the subscriber's associated type: read inside the
// opened function, that cost a runtime lookup of the associated type on every state.
@inlinable
func value<Target>(of any: Any, exactly type: Target.Type) -> Target? {
    func exactly<Value>(_ value: Value) -> Target? {
        Value.self == Target.self ? unsafeBitCast(value, to: Target.self) : nil
    }
    return _openExistential(any, do: exactly)
}

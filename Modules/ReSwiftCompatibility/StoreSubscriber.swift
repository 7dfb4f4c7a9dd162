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
        if let state = state as? StoreSubscriberStateType {
            newState(state: state)
        }
    }
}

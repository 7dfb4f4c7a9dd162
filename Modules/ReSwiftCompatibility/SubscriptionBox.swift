import Reactive

/// One subscriber's subscription, whatever the store's state type: the subscriber (held weakly)
/// and the subscription to Architecture's store, in its store's table.
///
/// Not generic, so that the table and what is done under its lock (finding a subscriber's box,
/// adding and removing one) are compiled once for every store: through the store's generic class
/// they looked up generic metadata for the table and its array a dozen times a subscription.
@usableFromInline
class AnySubscriptionBox: @unchecked Sendable {
    // @unchecked Sendable: `subscriber` is a weak reference, which the runtime loads and clears
    // atomically; `disposable` and `table` are only touched under the mutex of the store's
    // `Locked` table.
    @usableFromInline @exclusivity(unchecked) weak var subscriber: AnyStoreSubscriber?
    @usableFromInline let identity: ObjectIdentifier
    // Under the table's lock no two accesses overlap, and `table` is set once before the box is
    // published: no dynamic exclusivity checks (four a subscription).
    @exclusivity(unchecked) private var disposable: (any Disposable)?
    @exclusivity(unchecked) weak var table: Locked<[AnySubscriptionBox]>?

    @usableFromInline
    init(subscriber: AnyStoreSubscriber) {
        self.subscriber = subscriber
        identity = ObjectIdentifier(subscriber)
    }

    @usableFromInline
    func deliver(_ state: Any) {
        subscriber?._newState(state: state)
    }

    /// Keeps the subscription to the store underneath, unless the box was ended meanwhile.
    func attach(_ disposable: any Disposable) {
        let isLive = table?.withLock { boxes in
            guard boxes.contains(where: { $0 === self }) else { return false }
            self.disposable = disposable
            return true
        }
        if isLive != true {
            disposable.dispose()
        }
    }

    /// Removes the box from its store's table and ends its subscription to the store underneath.
    @usableFromInline
    func end() {
        let disposable = table?.withLock { boxes -> (any Disposable)? in
            if let index = boxes.firstIndex(where: { $0 === self }) { boxes.remove(at: index) }
            defer { self.disposable = nil }
            return self.disposable
        }
        disposable?.dispose()
    }
}

/// One subscriber's subscription to a store of `State`: the chain its `transform` built, fed by
/// the store underneath, or, without a transform, the store's states straight to the subscriber.
@usableFromInline
final class SubscriptionBox<State: Sendable>: AnySubscriptionBox, @unchecked Sendable {
    // @unchecked Sendable: `previous` and the chain are only used by the Architecture store's
    // drainer, one state at a time (a role its core hands out under `StoreCore.lock`).
    /// The start of the chain a `transform` built; nil when nothing stands between the store and
    /// the subscriber (`subscribe(_:)`, or a nil transform).
    @usableFromInline let original: Subscription<State>?
    @usableFromInline @exclusivity(unchecked) var previous: State?

    // Inlinable, as `receive`: made in the app's code, where the state types are known, the chain
    // passes each state on without asking the runtime for generic metadata.
    @inlinable
    init<Selected>(subscriber: AnyStoreSubscriber, original: Subscription<State>, transformed: Subscription<Selected>?) {
        self.original = original
        super.init(subscriber: subscriber)
        if let transformed {
            transformed.observer = { [unowned self] _, newState in deliver(newState) }
        } else {
            original.observer = { [unowned self] _, newState in deliver(newState) }
        }
    }

    /// A box that passes the store's states straight to `subscriber`.
    // Without a chain (an object and a closure per step, and a second weak load of the subscriber
    // to deliver at its end), a state costs a third of what it did through ReSwift's
    // `Subscription`s; what reaches the subscriber is the same.
    @inlinable
    override init(subscriber: AnyStoreSubscriber) {
        original = nil
        super.init(subscriber: subscriber)
    }

    /// Passes a state of the store underneath down the chain, as the change from the one before.
    @inlinable
    func receive(_ state: State?) {
        guard let state else { return }
        guard subscriber != nil else {
            end()
            return
        }
        let previous = self.previous
        self.previous = state
        original?.newValues(oldState: previous, newState: state)
    }

    /// Passes a state of the store underneath to the subscriber (a box with no chain).
    @inlinable
    func receiveDirectly(_ state: State?) {
        guard let state, let subscriber = liveSubscriber() else { return }
        subscriber._newState(state: state)
    }

    /// The subscriber, loaded once for a state; nil, and the subscription ended, when it went away.
    @inlinable
    func liveSubscriber() -> AnyStoreSubscriber? {
        guard let subscriber else {
            end()
            return nil
        }
        return subscriber
    }
}

extension SubscriptionBox where State: Equatable {
    /// Passes a state of the store underneath to the subscriber unless it equals the one before,
    /// as `skipRepeats()` on the original subscription would (a box with no chain).
    @inlinable
    func receiveSkippingRepeats(_ state: State?) {
        guard let state, let subscriber = liveSubscriber() else { return }
        let previous = self.previous
        self.previous = state
        if let previous, previous == state { return }
        subscriber._newState(state: state)
    }
}

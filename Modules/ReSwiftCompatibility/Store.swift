import Architecture
import Reactive

/// ReSwift's store: a state changed only by dispatching actions through middleware and a reducer,
/// and subscribers told of each new state. It is a face of Architecture's store:
/// `architectureStore` is the same store seen through Architecture's API.
///
/// Thread-safe, like the store underneath: dispatch from any thread. Actions are processed one at
/// a time, in the order dispatched, by the thread that finds the store idle; an action dispatched
/// while another is being processed (by a subscriber, a middleware, another thread) is queued
/// rather than nested, so every subscriber sees every state in order. Subscribers and middleware
/// run on the thread that processes the action.
open class Store<State: Sendable>: StoreType, @unchecked Sendable {
    // @unchecked Sendable: the subscriptions sit in `Locked` (behind its lock) and the
    // rest is constant after `init`. Non-final, as ReSwift's store is, so it cannot be checked.

    /// The same store, through Architecture's API: `send`, `states`, scoping. Its state is nil
    /// until the reducer has returned the first state.
    public let architectureStore: Architecture.Store<State?, any Action>

    /// Whether `subscribe` skips a state (or a selected part) equal to the one before when it is
    /// `Equatable`.
    public let automaticallySkipsRepeats: Bool

    private let table = Locked<[AnySubscriptionBox]>([])
    /// Sends an action to `architectureStore`, in code made by `init` where the app's state type is
    /// known: the store's path (queue, middleware, reducer, subscribers) is `@inlinable` and so
    /// compiled for it. Called from this generic class's own methods, which are compiled once for
    /// every state type, the same path asked the runtime for generic metadata several times an action.
    @usableFromInline let sendToStore: (any Action) -> Void
    /// The lock the store underneath holds while it runs the reducer: a dispatch from a thread
    /// that holds it comes from the reducer.
    @usableFromInline let reducerLock: Lock?

    /// A store with `reducer`, starting at `state`; actions pass through `middleware`, in order,
    /// before the reducer. Without a state, the store dispatches `ReSwiftInit` and starts with
    /// what the reducer returns for it.
    // Inlinable, so that the store underneath, its reducer and the sending closure are made where
    // the app's state type is known (see `sendToStore`).
    @inlinable
    public required init(
        reducer: @escaping Reducer<State>, state: State?, middleware: [Middleware<State>] = [],
        automaticallySkipsRepeats: Bool = true
    ) {
        let reducer = CalledByTheStore(reducer)
        let stages = Self.stages(CalledByTheStore(middleware))
        let store = Architecture.Store(
            initialState: state,
            reducer: Reduce { state, action in
                state = reducer.value(action, state)
                return .none
            },
            middleware: stages)
        architectureStore = store
        sendToStore = store.sendFunction
        reducerLock = store.reducerLock
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
        if state == nil {
            dispatch(ReSwiftInit())
        }
    }

    deinit {
        // The store underneath may be held elsewhere: its subscribers must not outlive this face.
        for box in table.withLock({ $0 }) {
            box.end()
        }
    }

    /// Each of ReSwift's middleware as one step of Architecture's chain, so that a step calling
    /// `next` later, from async work, resumes at the following step as Architecture's do.
    @usableFromInline
    static func stages(
        _ middleware: CalledByTheStore<[Middleware<State>]>
    ) -> [Architecture.Middleware<State?, any Action>] {
        middleware.value.map { middleware in
            { dispatch, getState in
                // Architecture's functions as they are: wrapped in a closure each, every step of
                // every action went through one more call.
                let step = middleware(dispatch.send, getState)
                return { next in step(next.send) }
            }
        }
    }

    /// The state now; nil only while the initial `ReSwiftInit` is on its way to the reducer.
    public var state: State! {
        architectureStore.state
    }

    /// The function `dispatch(_:)` calls, for code that wants dispatching as a value.
    public var dispatchFunction: DispatchFunction! {
        { [weak self] action in self?.dispatch(action) }
    }

    /// Sends `action` through the middleware, then the reducer, then tells the subscribers: now,
    /// if the store is idle, else once the actions before it are done. A reducer must not
    /// dispatch: that stops the program, as in ReSwift.
    open func dispatch(_ action: Action) {
        if reducerLock?.isHeldByCurrentThread == true {
            ReducerDispatch.stop(action)
            return
        }
        sendToStore(action)
    }

    /// Subscribes `subscriber` to every state, starting with the current one. The store holds it
    /// weakly: a subscriber that goes away is dropped at the next state.
    open func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        start(subscriber)
    }

    /// Subscribes `subscriber` to what `transform` makes of the states, starting with the current
    /// one. Subscribing a subscriber again replaces its subscription.
    open func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        guard let transform else {
            start(subscriber)
            return
        }
        let original = Subscription<State>()
        start(subscriber, original: original, transformed: transform(original))
    }

    /// Ends the subscription of `subscriber`; it receives no further state.
    open func unsubscribe(_ subscriber: AnyStoreSubscriber) {
        let identity = ObjectIdentifier(subscriber)
        table.withLock { $0.first { $0.identity == identity } }?.end()
    }

    /// The subscriptions, in the order they were made; those of subscribers that went away stay
    /// until the next state.
    var subscriptions: [SubscriptionBox<State>] {
        // Every box in this store's table is of its state type.
        table.withLock { $0 }.map { unsafeDowncast($0, to: SubscriptionBox<State>.self) }
    }

    /// Starts `subscriber`'s subscription, fed from `original`, delivering what `transformed` (or
    /// `original`) passes on. Inlinable, so that from the app's code the box and its subscription
    /// to the store underneath are made where the state types are known, and each state reaches
    /// the subscriber in code compiled for them.
    @inlinable
    final func start<Selected>(
        _ subscriber: AnyStoreSubscriber, original: Subscription<State>, transformed: Subscription<Selected>?
    ) {
        let box = SubscriptionBox(subscriber: subscriber, original: original, transformed: transformed)
        let store = architectureStore
        start(box, subscribingToStates: { store.observeStates { box.receive($0) } })
    }

    /// Starts `subscriber`'s subscription to every state, with nothing between (see `start(_:original:transformed:)`).
    @inlinable
    final func start(_ subscriber: AnyStoreSubscriber) {
        let box = SubscriptionBox<State>(subscriber: subscriber)
        let store = architectureStore
        start(box, subscribingToStates: { store.observeStates { box.receiveDirectly($0) } })
    }

    @usableFromInline
    final func start(_ box: SubscriptionBox<State>, subscribingToStates subscribe: () -> any Disposable) {
        box.table = table
        let replaced = table.withLock { boxes in
            let index = boxes.firstIndex { $0.identity == box.identity }
            let replaced = index.map { boxes.remove(at: $0) }
            boxes.append(box)
            return replaced
        }
        replaced?.end()
        // Architecture's store gives the current state now, or, while it is processing an action,
        // once that action's subscribers have had theirs, so no later state overtakes it.
        box.attach(subscribe())
    }
}

extension Store {
    /// Subscribes `subscriber` to what `transform` makes of the states; when the store skips
    /// repeats automatically, a selected value equal to the one before is not delivered.
    // Inlinable, as the rest of the way from here to a subscriber (see `start(_:original:transformed:)`).
    @inlinable
    public func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        guard let transform else {
            start(subscriber)
            return
        }
        let original = Subscription<State>()
        var transformed = transform(original)
        if automaticallySkipsRepeats {
            transformed = transformed.skipRepeats()
        }
        start(subscriber, original: original, transformed: transformed)
    }
}

extension Store where State: Equatable {
    /// Subscribes `subscriber` to every state, starting with the current one; when the store skips
    /// repeats automatically, a state equal to the one before is not delivered.
    @inlinable
    public func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        guard automaticallySkipsRepeats else {
            start(subscriber)
            return
        }
        // ReSwift subscribes with `transform: { $0.skipRepeats() }`, to which the overload above
        // adds a second `skipRepeats()`; both pass exactly the states that differ from the one
        // before, which the box passes on with no chain.
        let box = SubscriptionBox<State>(subscriber: subscriber)
        let store = architectureStore
        start(box, subscribingToStates: { store.observeStates { box.receiveSkippingRepeats($0) } })
    }
}

import Architecture
import ReSwiftCompatibility
import Reactive

// Architecture's benchmarks: actions through a store with a reducer, one middleware made of three
// items and one subscriber to its states (the target is 300 ns per action), and the cost of
// subscribing to a store's states and ending the subscription, as a screen does when it appears.
// Each runs through Architecture's API and through ReSwiftCompatibility's face of the same store;
// `architecture-casting` is the face's app written on Architecture's API, the fair comparison.

private enum CounterAction: Sendable {
    case increment
    case request
    case loaded(Int)
}

/// A store counting, with `middleware` (the three items of the ReSwift middleware tutorial when
/// `withMiddleware`: they look at every action and ignore the ones they do not handle).
private func counterStore(withMiddleware: Bool) -> Architecture.Store<Int, CounterAction> {
    let items: [MiddlewareItem<CounterAction>] = [
        { action, dispatch in if case .request = action { dispatch(.loaded(1)) } },
        { action, _ in if case .loaded = action { blackHole(action) } },
        { action, _ in if case .request = action { blackHole(action) } },
    ]
    return Architecture.Store(
        initialState: 0,
        reducer: Reduce<Int, CounterAction> { state, action in
            switch action {
            case .increment: state &+= 1
            case .request: break
            case .loaded(let value): state &+= value
            }
            return .none
        },
        middleware: withMiddleware ? [createMiddleware(items: items)] : [])
}

/// One million actions through the store; per action.
@MainActor
let architectureWorkload = Workload(
    "architecture store 1M actions", events: 1_000_000, target: .nanoseconds(300),
    note: { "reducer + 3 middleware items + 1 subscriber" }
) {
    let store = counterStore(withMiddleware: true)
    var last = 0
    let subscription = store.states.subscribe(onNext: { last = $0 })
    for _ in 0..<1_000_000 { store.send(.increment) }
    subscription.dispose()
    blackHole(last)
}

/// 100,000 subscriptions to a store's states, each given the state and ended; per subscription.
@MainActor
let architectureSubscriptionWorkload = Workload(
    "architecture-subscribe store 100k subscribe + dispose", events: 100_000, target: nil
) {
    let store = counterStore(withMiddleware: false)
    var last = 0
    for _ in 0..<100_000 {
        store.states.subscribe(onNext: { last = $0 }).dispose()
    }
    blackHole(last)
}

// The same workloads through ReSwift's API on the same kind of store.

private struct Increment: ReSwiftCompatibility.Action {}
private struct Request: ReSwiftCompatibility.Action {}
private struct Loaded: ReSwiftCompatibility.Action { let value: Int }

private func counterReducer(action: ReSwiftCompatibility.Action, state: Int?) -> Int {
    let state = state ?? 0
    switch action {
    case is Increment: return state &+ 1
    case let loaded as Loaded: return state &+ loaded.value
    default: return state
    }
}

/// A subscriber that keeps the last state it was given.
private final class LastStateSubscriber: StoreSubscriber {
    var last = 0
    func newState(state: Int) { last = state }
}

/// The three middleware items of `architectureWorkload` for ReSwift's actions, told apart by casts;
/// each is given the action and a way to dispatch.
private typealias CastingItem = (any ReSwiftCompatibility.Action, (any ReSwiftCompatibility.Action) -> Void) -> Void

private func castingItems() -> [CastingItem] {
    [
        { action, dispatch in if action is Request { dispatch(Loaded(value: 1)) } },
        { action, _ in if action is Loaded { blackHole(action) } },
        { action, _ in if action is Request { blackHole(action) } },
    ]
}

/// The items as ReSwift middleware.
private func reSwiftMiddleware() -> [ReSwiftCompatibility.Middleware<Int>] {
    castingItems().map { item in
        { dispatch, _ in
            { next in
                { action in
                    item(action, dispatch)
                    next(action)
                }
            }
        }
    }
}

/// The same items as Architecture middleware.
private func castingMiddleware() -> [Architecture.Middleware<Int, any ReSwiftCompatibility.Action>] {
    castingItems().map { item in
        { dispatch, _ in
            let send: (any ReSwiftCompatibility.Action) -> Void = { dispatch($0) }
            return { next in
                { action in
                    item(action, send)
                    next(action)
                }
            }
        }
    }
}

/// `reSwiftWorkload`'s app written on Architecture's API: the same reducer, middleware and actions
/// (told apart by casts) on `Architecture.Store`; what the ReSwift face adds is measured against it.
@MainActor
let castingActionsWorkload = Workload(
    "architecture-casting store 1M actions", events: 1_000_000, target: nil,
    note: { "reducer + 3 middleware + 1 subscriber, ReSwift's actions" }
) {
    let store = Architecture.Store(
        initialState: 0,
        reducer: Reduce<Int, any ReSwiftCompatibility.Action> { state, action in
            state = counterReducer(action: action, state: state)
            return .none
        },
        middleware: castingMiddleware())
    let subscriber = LastStateSubscriber()
    let subscription = store.states.subscribe(onNext: { subscriber.newState(state: $0) })
    for _ in 0..<1_000_000 { store.send(Increment()) }
    subscription.dispose()
    blackHole(subscriber.last)
}

/// `architectureWorkload` through ReSwift's API; per action.
@MainActor
let reSwiftWorkload = Workload(
    "reswift-face store 1M actions", events: 1_000_000, target: nil,
    note: { "reducer + 3 middleware + 1 subscriber" }
) {
    let store = ReSwiftCompatibility.Store<Int>(reducer: counterReducer, state: 0, middleware: reSwiftMiddleware())
    let subscriber = LastStateSubscriber()
    store.subscribe(subscriber)
    for _ in 0..<1_000_000 { store.dispatch(Increment()) }
    store.unsubscribe(subscriber)
    blackHole(subscriber.last)
}

/// `architectureSubscriptionWorkload` through ReSwift's API; per subscription.
@MainActor
let reSwiftSubscriptionWorkload = Workload(
    "reswift-face-subscribe store 100k subscribe + unsubscribe", events: 100_000, target: nil
) {
    let store = ReSwiftCompatibility.Store<Int>(reducer: counterReducer, state: 0)
    let subscriber = LastStateSubscriber()
    for _ in 0..<100_000 {
        store.subscribe(subscriber)
        store.unsubscribe(subscriber)
    }
    blackHole(subscriber.last)
}

/// Architecture's workloads, direct and through the ReSwift face.
@MainActor
let storeWorkloads = [
    architectureWorkload, architectureSubscriptionWorkload, castingActionsWorkload, reSwiftWorkload, reSwiftSubscriptionWorkload,
]

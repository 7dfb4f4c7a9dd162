import Architecture
import Reactive

// Architecture's benchmark: one million actions through a store with a reducer, one
// middleware made of three items, and one subscriber to its states; the target is 300 ns per action.

private enum CounterAction: Sendable {
    case increment
    case request
    case loaded(Int)
}

/// One million actions through the store; per action.
@MainActor
let architectureWorkload = Workload(
    "architecture store 1M actions", events: 1_000_000, target: .nanoseconds(300),
    note: { "reducer + 3 middleware items + 1 subscriber" }
) {
    // Three items that look at every action and ignore the ones they do not handle, as in the ReSwift middleware tutorial.
    let items: [MiddlewareItem<CounterAction>] = [
        { action, dispatch in if case .request = action { dispatch(.loaded(1)) } },
        { action, _ in if case .loaded = action { blackHole(action) } },
        { action, _ in if case .request = action { blackHole(action) } },
    ]
    let store = Store(
        initialState: 0,
        reducer: Reduce<Int, CounterAction> { state, action in
            switch action {
            case .increment: state &+= 1
            case .request: break
            case .loaded(let value): state &+= value
            }
            return .none
        },
        middleware: [createMiddleware(items: items)])
    var last = 0
    let subscription = store.states.subscribe(onNext: { last = $0 })
    for _ in 0..<1_000_000 { store.send(.increment) }
    subscription.dispose()
    blackHole(last)
}

import Architecture
import ArchitectureTestSupport
import Dependencies

/// Where the counter's fetch gets its number: 42 in tests unless a test says otherwise.
struct NumberSource: Sendable, DependencyKey {
    var next: @Sendable () async -> Int

    static let liveValue = NumberSource(next: { 42 })
    static let testValue = NumberSource(next: { 42 })
}

extension DependencyValues {
    var numberSource: NumberSource {
        get { self[NumberSource.self] }
        set { self[NumberSource.self] = newValue }
    }
}

/// A small feature with every kind of step the TestStore checks: plain state changes, an effect
/// that answers with a dependency's value, an effect that runs until stopped.
struct Counter: Reducer {
    @Dependency(\.numberSource) var numberSource

    struct State: Sendable, Equatable {
        var count = 0
        var isLoading = false
    }

    enum Action: Sendable, Equatable {
        case increment
        case noop
        case fetch
        case response(Int)
        case startForever
        case stop
    }

    enum CancelID {
        case forever
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment:
            state.count += 1
            return .none
        case .noop:
            return .none
        case .fetch:
            state.isLoading = true
            return .run { [numberSource] send in send(.response(await numberSource.next())) }
        case .response(let value):
            state.isLoading = false
            state.count = value
            return .none
        case .startForever:
            return .run { _ in await Gate().wait() }.cancellable(id: CancelID.forever)
        case .stop:
            return .cancel(id: CancelID.forever)
        }
    }
}

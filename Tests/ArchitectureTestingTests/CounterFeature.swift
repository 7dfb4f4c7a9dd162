import Architecture
import ArchitectureTestSupport

/// A small feature with every kind of step the TestStore checks: plain state changes, an effect
/// that answers, an effect that runs until stopped.
struct Counter: Reducer {
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
            return .run { send in send(.response(42)) }
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

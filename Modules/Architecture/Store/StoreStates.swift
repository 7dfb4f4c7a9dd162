import Reactive

extension Store {
    /// The state now, then the state after every action, on the thread that processed it.
    @inlinable
    public var states: Observable<State> {
        // A root store's core directly: through `backend` the subscription ran the core's generic
        // code unspecialised.
        if let core {
            return Observable.create { observer in
                core.observe { observer.onNext($0) }
            }
        }
        let backend = self.backend
        return Observable.create { observer in
            backend.observe { observer.onNext($0) }
        }
    }
}

extension Store where State: Equatable {
    /// The state now, then each state that differs from the one before.
    @inlinable
    public var states: Observable<State> {
        if let core {
            return Observable.create { observer in
                core.observe(skippingRepeats(to: observer))
            }
        }
        let backend = self.backend
        return Observable.create { observer in
            backend.observe(skippingRepeats(to: observer))
        }
    }
}

/// Passes each state to `observer` unless it equals the one before.
@inlinable
func skippingRepeats<State: Equatable>(to observer: AnyObserver<State>) -> (State) -> Void {
    // One subscription's states arrive one at a time (one drainer at a time), so the last one
    // needs no lock, nor the exclusivity check a captured `var` costs on every state.
    let last = LastState<State>()
    return { state in
        if let previous = last.state, previous == state { return }
        last.state = state
        observer.onNext(state)
    }
}

/// The last state one subscription of `states` delivered; touched by one state at a time.
@usableFromInline
final class LastState<State> {
    @usableFromInline @exclusivity(unchecked) var state: State?

    @usableFromInline
    init() {}
}

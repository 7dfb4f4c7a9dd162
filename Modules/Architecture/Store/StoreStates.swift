import Reactive

extension Store {
    /// The state now, then the state after every action, on the thread that processed it.
    @inlinable
    public var states: Observable<State> {
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
        let backend = self.backend
        return Observable.create { observer in
            // One subscription's states arrive one at a time (one drainer at a time), so the last
            // one needs no lock, nor the exclusivity check a captured `var` costs on every state.
            let last = LastState<State>()
            return backend.observe { state in
                if let previous = last.state, previous == state { return }
                last.state = state
                observer.onNext(state)
            }
        }
    }
}

/// The last state one subscription of `states` delivered; touched by one state at a time.
@usableFromInline
final class LastState<State> {
    @usableFromInline @exclusivity(unchecked) var state: State?

    @usableFromInline
    init() {}
}

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

    /// Calls `deliver` with the state now, then after every action, until the disposable is
    /// disposed: `states` without an `Observable` between, for another face of the store in this
    /// package (a sequence's sink and observer were about a tenth of what a state cost that face).
    @inlinable
    package func observeStates(_ deliver: @escaping (State) -> Void) -> Disposable {
        if let core { return core.observe(deliver) }
        return backend.observe(deliver)
    }
}

extension Store where State: Equatable {
    /// The state now, then each state that differs from the one before.
    @inlinable
    public var states: Observable<State> {
        if let core {
            return Observable.create { observer in
                core.observe(skippingRepeats(to: observer, placeholder: core.currentState))
            }
        }
        let backend = self.backend
        return Observable.create { observer in
            backend.observe(skippingRepeats(to: observer, placeholder: backend.currentState))
        }
    }
}

/// Passes each state to `observer` unless it equals the one before; the first always passes.
/// `placeholder` is any state, held until the first arrives.
@inlinable
func skippingRepeats<State: Equatable>(to observer: AnyObserver<State>, placeholder: State) -> (State) -> Void {
    let distinct = DistinctStates(observer, placeholder: placeholder)
    // Capturing one object and nothing else, the closure needs no context of its own to allocate.
    return { distinct.deliver($0) }
}

/// Passes on the states that differ from the one before; one per subscription of `states`.
///
/// One subscription's states arrive one at a time (one drainer at a time), so the last one needs
/// no lock, nor the exclusivity check a captured `var` costs on every state. It holds a state and
/// a flag, not an optional state: a generic class's `deinit` is not specialised, and releasing a
/// `State?` there asked the runtime for `Optional<State>`'s metadata on every subscription, where a
/// `State` is released with the metadata the object carries.
@usableFromInline
final class DistinctStates<State: Equatable> {
    @usableFromInline let observer: AnyObserver<State>
    @usableFromInline @exclusivity(unchecked) var last: State
    @usableFromInline @exclusivity(unchecked) var hasDelivered = false

    @inlinable
    init(_ observer: AnyObserver<State>, placeholder: State) {
        self.observer = observer
        last = placeholder
    }

    @inlinable
    func deliver(_ state: State) {
        if hasDelivered, last == state { return }
        last = state
        hasDelivered = true
        observer.onNext(state)
    }
}

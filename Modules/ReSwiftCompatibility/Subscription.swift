/// A stream of state changes, each as the state before (nil for the first) and the state after,
/// that a subscriber's `transform` narrows: `select` a part, `skipRepeats`, `skip(when:)`,
/// `only(when:)`.
public final class Subscription<State> {
    /// Called with each change that reaches this point of the chain.
    // Set while a subscription is made and read as the store's drainer passes states on, one at a
    // time: no two accesses overlap, so they skip the dynamic exclusivity check.
    @exclusivity(unchecked) public var observer: ((_ oldState: State?, _ newState: State) -> Void)?

    @usableFromInline
    init() {}

    /// A subscription fed by `sink`: `sink` is given the function that passes a change on.
    public init(sink: @escaping (_ pass: @escaping (_ oldState: State?, _ newState: State) -> Void) -> Void) {
        // Held by the subscription that feeds it, as every later step of a chain is.
        sink { oldState, newState in self.newValues(oldState: oldState, newState: newState) }
    }

    @inlinable
    func newValues(oldState: State?, newState: State) {
        observer?(oldState, newState)
    }

    /// The part of each state that `selector` picks, before and after.
    @inlinable
    public func select<Substate>(_ selector: @escaping (State) -> Substate) -> Subscription<Substate> {
        let selected = Subscription<Substate>()
        observer = { oldState, newState in
            selected.newValues(oldState: oldState.map(selector), newState: selector(newState))
        }
        return selected
    }

    /// The part of each state at `keyPath`, before and after.
    @inlinable
    public func select<Substate>(_ keyPath: KeyPath<State, Substate>) -> Subscription<Substate> {
        select { $0[keyPath: keyPath] }
    }

    /// The changes for which `isRepeat(before, after)` is false; the first change always passes.
    @inlinable
    public func skipRepeats(_ isRepeat: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        let filtered = Subscription<State>()
        observer = { oldState, newState in
            if let oldState, isRepeat(oldState, newState) { return }
            filtered.newValues(oldState: oldState, newState: newState)
        }
        return filtered
    }

    /// The changes for which `when(before, after)` is false: `skipRepeats` under another name.
    @inlinable
    public func skip(when: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        skipRepeats(when)
    }

    /// The changes for which `when(before, after)` is true; the first change always passes.
    @inlinable
    public func only(when: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        skipRepeats { !when($0, $1) }
    }
}

extension Subscription where State: Equatable {
    /// The changes whose state after differs from the state before.
    @inlinable
    public func skipRepeats() -> Subscription<State> {
        skipRepeats(==)
    }
}

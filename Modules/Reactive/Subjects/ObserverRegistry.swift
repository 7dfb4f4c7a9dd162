import Synchronization

/// A subject's observers, and the lock that guards the subject: values are sent to the observers
/// without that lock, and without retaining anything.
///
/// Taking a lock and retaining a snapshot of the observers (then giving both back) were four
/// atomic operations per value, most of what a subject cost. Here a sender counts itself in `gate`
/// while it reads the published `ObserverList`, and reads it retaining nothing: two atomic
/// operations per value. The list is changed (subscribe, unsubscribe, stop) with the lock held:
/// - when nobody is sending, in place, with `writing` set meanwhile (only while no sender is
///   counted), so that a sender arriving then waits for the lock instead of reading;
/// - when someone is sending (an observer subscribing or unsubscribing during a value, or another
///   thread), the change is kept pending: the last sender to leave applies it, and a sender that
///   arrives while changes are pending applies them first, to a copy when others are still
///   reading the list (the old list is retired and released once nobody reads any more).
/// So a value reaches exactly the observers subscribed when it was sent, as it does in RxSwift (which
/// sends to a snapshot), however the observers change meanwhile, and a burst of changes during one
/// value (a thousand one-shot observers ending) costs one pass over the list, not one copy each.
///
/// A sender counts itself with a compare-and-swap that expects no flag, so nobody changes `gate`
/// while `writing` is set but the writer, which can then clear it with a plain store.
///
/// What a change lets go of (an observer, a retired list) is released after unlocking: releasing
/// an observer can run user code (the `deinit` of what its closures captured).
@usableFromInline final class ObserverRegistry: @unchecked Sendable {  // `mutex` guards the vars; `gate` and `current` are atomics (above)
    /// The bits of `gate`: the number of senders, and three flags.
    @usableFromInline enum Gate {
        @usableFromInline static let senders = (1 << 32) - 1
        /// A change is being made in place: arriving senders wait for the lock.
        @usableFromInline static let writing = 1 << 32
        /// Changes are pending, or lists retired: the last sender to leave settles them.
        @usableFromInline static let unsettled = 1 << 33
        /// The subject stopped or was disposed: nothing more is sent.
        @usableFromInline static let closed = 1 << 34
    }

    /// A change to the observers made while someone was sending, applied later.
    private enum Change {
        case insert(AnyObserverNode, key: Int)
        case replace(key: Int, with: AnyObserverNode)
        case remove(key: Int)
        case removeAll
    }

    @usableFromInline let mutex = Lock()
    @usableFromInline let gate = Atomic<Int>(0)
    /// The list senders read; holds one retain of it.
    @usableFromInline let current: Atomic<Unmanaged<ObserverList>>
    // Only touched with `mutex` held, so no two accesses overlap: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var pending: [Change] = []
    @exclusivity(unchecked) private var retired: [ObserverList] = []
    /// What changes let go of, released after unlocking: the first thing alone (usually the only
    /// one: an observer that unsubscribed), the rest in `moreGarbage`.
    @usableFromInline @exclusivity(unchecked) var garbage: AnyObject?
    @exclusivity(unchecked) private var moreGarbage: [AnyObject] = []
    @exclusivity(unchecked) private var nextKey = 0

    /// An empty registry for observers of `Element`.
    init<Element>(of element: Element.Type) {
        current = Atomic(Unmanaged.passRetained(ObserverList(hole: RemovedObserver<Element>())))
    }

    deinit {
        current.load(ordering: .relaxed).release()
    }

    /// Locks the subject.
    @inlinable @inline(__always) func lock() {
        mutex.lock()
    }

    /// Unlocks the subject, then releases what changes let go of.
    @inlinable @inline(__always) func unlock() {
        if garbage == nil {
            mutex.unlock()
        } else {
            unlockReleasingGarbage()
        }
    }

    @usableFromInline @inline(never) func unlockReleasingGarbage() {
        // Moved out, not copied: a copy retained each object once more, to release it twice.
        let first = garbage.take()
        var more: [AnyObject] = []
        if !moreGarbage.isEmpty { swap(&more, &moreGarbage) }
        mutex.unlock()
        withExtendedLifetime(first) {}
        withExtendedLifetime(more) {}
    }

    /// Runs `body` with the lock held.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Keeps `object` until the lock is given back.
    private func discard(_ object: AnyObject) {
        if garbage == nil {
            garbage = object
        } else {
            moreGarbage.append(object)
        }
    }

    // MARK: Sending

    /// Sends `element` to the observers subscribed now; nothing once the registry is closed. Needs
    /// no lock: for `PublishSubject`, whose values change no state of its own.
    @inline(__always) func sendNext<Element>(_ element: Element) {
        var state = gate.load(ordering: .relaxed)
        while true {
            if state & (Gate.writing | Gate.unsettled | Gate.closed) != 0 {
                sendNextAfterWaiting(element)
                return
            }
            let (counted, found) = gate.compareExchange(
                expected: state, desired: state &+ 1, successOrdering: .acquiring, failureOrdering: .relaxed)
            if counted { break }
            state = found
        }
        current.load(ordering: .acquiring)._withUnsafeGuaranteedRef { $0.sendNext(element) }
        finishSending()
    }

    /// `sendNext` when a change is being made or pending, or the registry is closed: takes the lock.
    @inline(never) private func sendNextAfterWaiting<Element>(_ element: Element) {
        lock()
        if gate.load(ordering: .relaxed) & Gate.closed != 0 {
            unlock()
            return
        }
        let list = startSendingLocked()
        unlock()
        list._withUnsafeGuaranteedRef { $0.sendNext(element) }
        finishSending()
    }

    /// With the lock held: counts the caller as a sender and returns the list to send to, once
    /// pending changes are applied. The caller unlocks, sends, then calls `finishSending()`. For a
    /// subject whose value must change with the send in one step (`BehaviorSubject`).
    @inlinable @inline(__always) func startSendingLocked() -> Unmanaged<ObserverList> {
        if gate.load(ordering: .relaxed) & Gate.unsettled != 0 { settle(copyingIfRead: true) }
        gate.wrappingAdd(1, ordering: .acquiring)
        return current.load(ordering: .relaxed)
    }

    /// Ends a send started by `sendNext` or `startSendingLocked()`.
    @inlinable @inline(__always) func finishSending() {
        let after = gate.wrappingSubtract(1, ordering: .releasing).newValue
        if after & (Gate.senders | Gate.unsettled) == Gate.unsettled { settleAfterSending() }
    }

    /// The last sender left with changes pending or lists retired: settles them.
    @usableFromInline @inline(never) func settleAfterSending() {
        lock()
        settle(copyingIfRead: false)
        unlock()
    }

    // MARK: Changing, with the lock held

    /// The number of observers.
    var count: Int {
        settle(copyingIfRead: true)
        return current.load(ordering: .relaxed)._withUnsafeGuaranteedRef { $0.count }
    }

    /// Adds an observer; returns the key that removes it.
    func insert(_ observer: consuming AnyObserverNode) -> Int {
        let key = nextKey
        nextKey += 1
        // Not through `make`: a `Change` built and taken apart cost a retain and release of the
        // observer and a switch, a tenth of a subscription. The caller's reference becomes the
        // list's, so the observer is not retained again either.
        let node = Unmanaged.passRetained(consume observer)
        if let list = startChangeInPlace() {
            list._withUnsafeGuaranteedRef { $0.insert(retained: node, key: key) }
            finishChangeInPlace()
        } else {
            keepPending(.insert(node.takeRetainedValue(), key: key))
        }
        return key
    }

    /// Takes the lock, removes the observer under `key` if it is still here, gives the lock back,
    /// then releases the observer.
    func unsubscribe(_ key: Int) {
        lock()
        guard let list = startChangeInPlace() else {
            keepPending(.remove(key: key))
            unlock()
            return
        }
        let removed = list._withUnsafeGuaranteedRef { $0.take(key) }
        finishChangeInPlace()
        unlock()
        // Released with no lock held: releasing an observer can run user code (the `deinit` of
        // what its closures captured).
        withExtendedLifetime(removed) {}
    }

    /// Removes the observers of `subscriptions` (all to this registry) that are still here, taking
    /// the lock once per `batch` of them, and releases them after each unlock.
    func unsubscribe(_ subscriptions: UnsafeBufferPointer<SubscriptionRecord>) {
        // In batches: one lock per subscription cost as much as the removal itself, but one for a
        // bag of thousands would keep the subject's senders waiting that long.
        let batch = 64
        withUnsafeTemporaryAllocation(of: Unmanaged<AnyObserverNode>.self, capacity: batch) { removed in
            var start = 0
            while start < subscriptions.count {
                let end = Swift.min(start + batch, subscriptions.count)
                var removedCount = 0
                lock()
                if let list = startChangeInPlace() {
                    list._withUnsafeGuaranteedRef { list in
                        for index in start..<end {
                            guard let node = list.takeRetained(subscriptions[index].key) else { continue }
                            removed.initializeElement(at: removedCount, to: node)
                            removedCount += 1
                        }
                    }
                    finishChangeInPlace()
                } else {
                    for index in start..<end { keepPending(.remove(key: subscriptions[index].key)) }
                }
                unlock()
                // Released with no lock held, as `unsubscribe(_:)` does.
                for index in 0..<removedCount { removed[index].release() }
                start = end
            }
        }
    }

    /// Puts `observer` in the place of the observer under `key`, if that one is still here.
    func replace(_ key: Int, with observer: AnyObserverNode) {
        make(.replace(key: key, with: observer))
    }

    /// Closes the registry (the subject stopped or was disposed): nothing more is sent, every
    /// observer is removed, and those there were are returned, for the stop event.
    func close() -> ObserverBag.Snapshot {
        gate.bitwiseOr(Gate.closed, ordering: .relaxed)
        settle(copyingIfRead: true)
        let observers = current.load(ordering: .relaxed)._withUnsafeGuaranteedRef { $0.snapshot }
        make(.removeAll)
        return observers
    }

    /// Makes `change` in place when nobody is sending, else keeps it pending for when the senders
    /// have left.
    @inline(__always) private func make(_ change: Change) {
        if let list = startChangeInPlace() {
            list._withUnsafeGuaranteedRef { apply(change, to: $0) }
            finishChangeInPlace()
        } else {
            keepPending(change)
        }
    }

    /// Starts a change: when nobody is sending, sets `writing`, applies what was pending and
    /// returns the list to change in place (then call `finishChangeInPlace()`); else nil, and the
    /// change must be kept pending.
    @inline(__always) private func startChangeInPlace() -> Unmanaged<ObserverList>? {
        guard let state = setWritingIfNobodySends() else { return nil }
        let list = current.load(ordering: .relaxed)
        if state & Gate.unsettled != 0 {
            list._withUnsafeGuaranteedRef { applyPending(to: $0) }
            releaseRetired()
        }
        return list
    }

    /// Sets `writing` if no sender is counted, and returns the state it set; nil if one is.
    @inline(__always) private func setWritingIfNobodySends() -> Int? {
        var state = gate.load(ordering: .relaxed)
        while state & Gate.senders == 0 {
            let (exchanged, found) = gate.compareExchange(
                expected: state, desired: state | Gate.writing, successOrdering: .acquiring, failureOrdering: .relaxed)
            if exchanged { return state | Gate.writing }
            state = found
        }
        return nil
    }

    /// Ends a change made in place: everything pending is applied, nothing retired is left.
    @inline(__always) private func finishChangeInPlace() {
        // While `writing` is set nobody else changes `gate` (senders expect it clear), so a store will do.
        let state = gate.load(ordering: .relaxed)
        gate.store(state & ~(Gate.writing | Gate.unsettled), ordering: .releasing)
    }

    /// Keeps `change` for when the senders have left.
    @inline(never) private func keepPending(_ change: Change) {
        pending.append(change)
        let state = gate.bitwiseOr(Gate.unsettled, ordering: .relaxed).newValue
        // The senders left before they could see the change pending: none of them will settle it.
        if state & Gate.senders == 0 { settle(copyingIfRead: false) }
    }

    /// Applies pending changes and releases retired lists once nobody sends; while someone does,
    /// applies them to a copy if `copyingIfRead` (for a sender or reader that must see them now).
    @usableFromInline func settle(copyingIfRead: Bool) {
        if setWritingIfNobodySends() != nil {
            current.load(ordering: .relaxed)._withUnsafeGuaranteedRef { applyPending(to: $0) }
            releaseRetired()
            finishChangeInPlace()
            return
        }
        if copyingIfRead && !pending.isEmpty {
            let copy = current.load(ordering: .relaxed)._withUnsafeGuaranteedRef { $0.copy() }
            applyPending(to: copy)
            let previous = current.exchange(Unmanaged.passRetained(copy), ordering: .releasing)
            retired.append(previous.takeRetainedValue())
        }
    }

    private func applyPending(to list: ObserverList) {
        if pending.isEmpty { return }
        for change in pending { apply(change, to: list) }
        pending.removeAll()
    }

    private func apply(_ change: Change, to list: ObserverList) {
        switch change {
        case .insert(let observer, let key):
            list.insert(observer, key: key)
        case .replace(let key, let observer):
            if let replaced = list.replace(key, with: observer) { discard(replaced) }
        case .remove(let key):
            if let removed = list.take(key) { discard(removed) }
        case .removeAll:
            for removed in list.removeAll() { discard(removed) }
        }
    }

    /// Retired lists are read by nobody once no sender is counted: they go with the garbage.
    private func releaseRetired() {
        if retired.isEmpty { return }
        for list in retired { discard(list) }
        retired.removeAll()
    }
}

/// One observer's subscription to a subject whose observers an `ObserverRegistry` keeps.
///
/// A value, not an object: it fits in a `Disposable` existential's inline storage, so subscribing
/// allocates nothing for it (an object per subscription, with a weak reference to the subject, was
/// a quarter of the cost of `subscribe(onNext:)` to a subject). It holds the registry, not the
/// subject: nothing the registry holds refers back to it, and a subject ends its registry as it goes
/// (so a bag holding subscriptions neither keeps the subject alive nor its observers). Disposing it
/// again removes nothing.
struct RegistrySubscription: Disposable {
    private let observers: ObserverRegistry
    private let key: Int

    init(_ observers: ObserverRegistry, key: Int) {
        self.observers = observers
        self.key = key
    }

    func dispose() {
        observers.unsubscribe(key)
    }

    func disposed(by bag: DisposeBag) {
        bag.insertSubscription(to: observers, key: key)
    }
}

/// A subscription to a subject as plain values, for a store that keeps the registry's retain
/// itself (a dispose bag, which holds one for a run of subscriptions to one subject).
struct SubscriptionRecord {
    let registry: Unmanaged<ObserverRegistry>
    let key: Int
}

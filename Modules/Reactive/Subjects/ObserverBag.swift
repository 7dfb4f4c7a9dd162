import Synchronization

/// The observers of a subject, in subscription order, each under a key that unsubscribes it.
///
/// One array of slots, each an observer and its key: subscribing appends one slot, and sending a
/// value is a plain loop over them. A removed observer leaves its slot empty (nil, which costs a
/// sender one comparison and the removal no reference counting) until the bag is compacted, so
/// unsubscribing n observers costs O(n log n) rather than O(n²) (disposing a bag of 100k
/// subscriptions to one subject is common).
///
/// Not generic: its nodes are held as `AnyObserverNode`, so its array is of one concrete type and
/// subscribing or unsubscribing asks the runtime for no generic metadata (in a subject's code,
/// compiled once for every element type, each `ContiguousArray<ObserverNode<Element>>` operation
/// did, and those lookups were a third of a subscription's cost). Every node is an
/// `ObserverNode<Element>` of the subject's element type.
struct ObserverBag {
    /// An observer and the key that removes it; no observer once it was removed.
    struct Slot {
        var node: AnyObserverNode?
        let key: Int
    }

    /// The observers of one moment, for an event sent after the lock that guards the bag is given
    /// back: the bag's own storage, shared until the bag next changes (`dispatch`).
    typealias Snapshot = ContiguousArray<Slot>

    private var slots: ContiguousArray<Slot> = []
    private(set) var count = 0
    private var nextKey = 0

    /// An empty bag.
    init() {}

    var isEmpty: Bool { count == 0 }

    /// The observers, for an event to send once the caller gives its lock back.
    @inline(__always) var snapshot: Snapshot { slots }

    /// Adds an observer under the next key, and returns the key.
    mutating func insert(_ observer: AnyObserverNode) -> Int {
        let key = nextKey
        nextKey += 1
        slots.append(Slot(node: observer, key: key))
        count += 1
        return key
    }

    /// Removes the observer under `key`, if it is still here, and hands it back, so that the caller
    /// can release it once it no longer holds a lock (releasing an observer can run user code: a
    /// `deinit` of what its closures captured).
    mutating func take(_ key: Int) -> AnyObserverNode? {
        guard let index = index(of: key) else { return nil }
        // Moved out, leaving nil: nothing is retained or released under the caller's lock.
        let removed = slots[index].node.take()
        count -= 1
        let empty = slots.count - count
        if empty > 16 && empty > count { compact() }
        return removed
    }

    /// Where the observer under `key` is, if it is still here.
    private func index(of key: Int) -> Int? {
        guard let index = position(of: key, among: slots.count, keyAt: { slots[$0].key }), slots[index].node != nil else {
            return nil
        }
        return index
    }

    /// Drops the empty slots in place: the kept ones are moved, not copied, so no node is retained
    /// and released again (copying into new arrays did both for every kept node).
    private mutating func compact() {
        var kept = 0
        slots.withUnsafeMutableBufferPointer { slots in
            for index in slots.indices where slots[index].node != nil {
                if kept != index { slots.swapAt(kept, index) }
                kept += 1
            }
        }
        // A bag that lost most of its observers gives the memory back, moving the few left.
        if slots.capacity > 4 * kept + 64 {
            var fewer = ContiguousArray<Slot>()
            fewer.reserveCapacity(kept)
            for index in 0..<kept { fewer.append(Slot(node: slots[index].node.take(), key: slots[index].key)) }
            slots = fewer
        } else {
            // Only empty slots go: nothing is released.
            slots.removeSubrange(kept...)
        }
    }

    /// Removes every observer and hands them back, for the caller to send a stop event to and to
    /// release once it holds no lock.
    @discardableResult
    mutating func removeAll() -> Snapshot {
        let removed = slots
        slots = []
        count = 0
        return removed
    }
}

/// Where `key` is among `count` slots whose keys `keyAt` gives, if it is there.
///
/// Keys grow by one per insert and a removed observer's slot keeps its key until a compaction, so
/// the keys are sorted and the one at `i` is at least `first + i`: a key is never right of
/// `key - first`, and is exactly there until a compaction moves it left (unsubscribing in
/// subscription order finds it at once, without the binary search).
@inline(__always)
func position(of key: Int, among count: Int, keyAt: (Int) -> Int) -> Int? {
    guard count > 0 else { return nil }
    let first = keyAt(0)
    guard key >= first else { return nil }
    let guess = Swift.min(key - first, count - 1)
    if keyAt(guess) == key { return guess }
    var low = 0
    var high = guess
    while low < high {
        let middle = (low + high) / 2
        if keyAt(middle) < key { low = middle + 1 } else { high = middle }
    }
    return keyAt(low) == key ? low : nil
}

/// Sends an event to a snapshot of observers, outside the subject's lock.
func dispatch<Element>(_ observers: ObserverBag.Snapshot, _ event: Event<Element>) {
    switch event {
    case .next(let element): dispatchNext(observers, element)
    case .error(let error): forEachNode(of: observers, Element.self) { $0.error(error) }
    case .completed: forEachNode(of: observers, Element.self) { $0.completed() }
    }
}

/// Sends a value to a snapshot of observers, outside the subject's lock.
@inline(__always)
func dispatchNext<Element>(_ observers: ObserverBag.Snapshot, _ element: Element) {
    forEachNode(of: observers, Element.self) { $0.next(element) }
}

/// Calls `body` with each observer of the snapshot, as the `ObserverNode<Element>` every one is.
@inline(__always)
func forEachNode<Element>(
    of observers: ObserverBag.Snapshot, _ element: Element.Type, _ body: (ObserverNode<Element>) -> Void
) {
    for index in observers.indices {
        // Unchecked: every node of a subject's bag is of its element type, and a checked cast
        // would ask the runtime for the generic class's metadata.
        if let node = observers[index].node { body(unsafeDowncast(node, to: ObserverNode<Element>.self)) }
    }
}

/// Tells a subscriber that came after a subject's end why nothing will come (`RxError.disposed`
/// when `disposed`, else the stop event `stoppedEvent` reads); called under the subject's lock,
/// which `unlock` releases first.
// Out of line: the optimiser hoists an event's metadata lookup to the start of the function that
// builds or reads one, which `subscribeNode` would then pay on every subscription.
@inline(never)
func refuseLateSubscriber<Element>(
    _ observer: ObserverNode<Element>, of subject: AnyObject, disposed: Bool, unlocking unlock: () -> Void,
    stoppedEvent: () -> Event<Element>?
) -> Disposable {
    let event = disposed ? .error(RxError.disposed(object: DisposedObject(subject))) : stoppedEvent()
    unlock()
    if let event { observer.on(event) }
    return Disposables.create()
}

/// A subject that can drop one observer by key.
protocol ObserverRemoving: AnyObject {
    func removeObserver(_ key: Int)
}

/// Unsubscribes one observer from a subject when disposed; holds the subject weakly.
final class SubjectSubscription: Disposable {
    private weak var owner: (any ObserverRemoving)?
    private let key: Int
    private let disposed = Atomic<Bool>(false)

    init(owner: any ObserverRemoving, key: Int) {
        self.owner = owner
        self.key = key
    }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
        owner?.removeObserver(key)
    }
}

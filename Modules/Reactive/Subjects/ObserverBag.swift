import Synchronization

/// The observers of a subject, in subscription order, each under a key that unsubscribes it.
///
/// A removed observer is replaced by the bag's do-nothing node and the holes are compacted later,
/// so unsubscribing n observers costs O(n log n) rather than O(n²) (disposing a bag of 100k
/// subscriptions to one subject is common), and sending a value stays a plain loop over nodes.
///
/// Not generic: its nodes are held as `AnyObserverNode`, so its arrays are of one concrete type
/// and subscribing or unsubscribing asks the runtime for no generic metadata (in a subject's code,
/// compiled once for every element type, each `ContiguousArray<ObserverNode<Element>>` operation
/// did, and those lookups were a third of a subscription's cost). Every node is an
/// `ObserverNode<Element>` of the subject's element type, the hole included.
struct ObserverBag {
    private var observers: ContiguousArray<AnyObserverNode> = []
    private var keys: [Int] = []
    private(set) var count = 0
    private var nextKey = 0
    private let hole: AnyObserverNode

    /// An empty bag for observers of `Element`.
    init<Element>(of element: Element.Type) {
        hole = RemovedObserver<Element>()
    }

    var isEmpty: Bool { count == 0 }

    /// The observers, as the nodes of `Element` every entry is: the same buffer, reinterpreted (an
    /// array of class references has one layout whatever the class), so that sending a value
    /// loops over typed nodes with no cast, runtime call, or retain per node.
    @inline(__always)
    func nodes<Element>(of element: Element.Type) -> ContiguousArray<ObserverNode<Element>> {
        unsafeBitCast(observers, to: ContiguousArray<ObserverNode<Element>>.self)
    }

    /// Adds an observer under the next key, and returns the key.
    mutating func insert(_ observer: AnyObserverNode) -> Int {
        let key = nextKey
        insert(observer, key: key)
        return key
    }

    /// Adds an observer under `key`, which must be above every key the bag has had.
    mutating func insert(_ observer: AnyObserverNode, key: Int) {
        precondition(key >= nextKey, "ObserverBag: keys must grow")
        nextKey = key + 1
        observers.append(observer)
        keys.append(key)
        count += 1
    }

    /// Calls `body` with the buffer of nodes (holes included).
    func withNodeBuffer<Result>(_ body: (UnsafeBufferPointer<AnyObserverNode>) -> Result) -> Result {
        observers.withUnsafeBufferPointer(body)
    }

    /// Removes the observer under `key`, if it is still here.
    mutating func remove(_ key: Int) {
        _ = take(key)
    }

    /// Removes the observer under `key`, if it is still here, and hands it back, so that the caller
    /// can release it once it no longer holds a lock (releasing an observer can run user code: a
    /// `deinit` of what its closures captured).
    mutating func take(_ key: Int) -> AnyObserverNode? {
        guard let index = index(of: key) else { return nil }
        // Swapped out: reading the node then writing the hole over it retained the node once more
        // and released it again.
        var removed = hole
        swap(&removed, &observers[index])
        count -= 1
        let holes = keys.count - count
        if holes > 16 && holes > count { compact() }
        return removed
    }

    /// Puts `observer` in the place of the observer under `key`, if that one is still here, and
    /// hands the one replaced back (for the caller to release once it holds no lock).
    mutating func replace(_ key: Int, with observer: AnyObserverNode) -> AnyObserverNode? {
        guard let index = index(of: key) else { return nil }
        var replaced = observer
        swap(&replaced, &observers[index])
        return replaced
    }

    /// Where the observer under `key` is, if it is still here.
    private func index(of key: Int) -> Int? {
        guard let first = keys.first, key >= first else { return nil }
        // Keys grow by one per insert and holes keep theirs, so `keys` is sorted and `keys[i]` is
        // at least `first + i`: a key is never right of `key - first`, and is exactly there until
        // a compaction moves it left (unsubscribing in subscription order finds it at once).
        let guess = Swift.min(key - first, keys.count - 1)
        var index = guess
        if keys[guess] != key {
            var low = 0
            var high = guess
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            index = low
        }
        guard keys[index] == key, observers[index] !== hole else { return nil }
        return index
    }

    /// Drops the holes in place: the kept nodes are moved, not copied, so no node is retained and
    /// released again (copying into new arrays did both for every kept node).
    private mutating func compact() {
        let hole = self.hole
        var kept = 0
        observers.withUnsafeMutableBufferPointer { nodes in
            keys.withUnsafeMutableBufferPointer { keys in
                for index in nodes.indices where nodes[index] !== hole {
                    if kept != index {
                        nodes.swapAt(kept, index)
                        keys[kept] = keys[index]
                    }
                    kept += 1
                }
            }
        }
        observers.removeSubrange(kept...)
        keys.removeSubrange(kept...)
        // A bag that lost most of its observers gives the memory back (copying the few left).
        if observers.capacity > 4 * kept + 64 {
            var fewer = ContiguousArray<AnyObserverNode>()
            fewer.reserveCapacity(kept)
            fewer.append(contentsOf: observers)
            observers = fewer
            var fewerKeys: [Int] = []
            fewerKeys.reserveCapacity(kept)
            fewerKeys.append(contentsOf: keys)
            keys = fewerKeys
        }
    }

    /// Removes every observer and hands them back (with the holes), for the caller to release.
    @discardableResult
    mutating func removeAll() -> ContiguousArray<AnyObserverNode> {
        let removed = observers
        observers = []
        keys.removeAll()
        count = 0
        return removed
    }
}

/// Stands in for an unsubscribed observer until the bag is compacted.
final class RemovedObserver<Element>: ObserverNode<Element> {
    override func next(_ element: Element) {}
    override func error(_ error: Swift.Error) {}
    override func completed() {}
}

/// Sends an event to a snapshot of observers, outside the subject's lock.
func dispatch<Element>(_ observers: ContiguousArray<ObserverNode<Element>>, _ event: Event<Element>) {
    switch event {
    case .next(let element): dispatchNext(observers, element)
    case .error(let error): for observer in observers { observer.error(error) }
    case .completed: for observer in observers { observer.completed() }
    }
}

/// Sends a value to a snapshot of observers, outside the subject's lock.
@inline(__always)
func dispatchNext<Element>(_ observers: ContiguousArray<ObserverNode<Element>>, _ element: Element) {
    for observer in observers { observer.next(element) }
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

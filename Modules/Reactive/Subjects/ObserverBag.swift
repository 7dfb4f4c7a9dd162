import Synchronization

/// The observers of a subject, in subscription order, each under a key that unsubscribes it.
///
/// A removed observer is replaced by a shared do-nothing node and the holes are compacted later, so
/// unsubscribing n observers costs O(n log n) rather than O(n²) (disposing a bag of 100k
/// subscriptions to one subject is common), and sending a value stays a plain loop over nodes.
struct ObserverBag<Element> {
    private(set) var observers: ContiguousArray<ObserverNode<Element>> = []
    private var keys: [Int] = []
    private(set) var count = 0
    private var nextKey = 0
    private let hole = RemovedObserver<Element>()

    var isEmpty: Bool { count == 0 }

    mutating func insert(_ observer: ObserverNode<Element>) -> Int {
        let key = nextKey
        nextKey += 1
        observers.append(observer)
        keys.append(key)
        count += 1
        return key
    }

    mutating func remove(_ key: Int) {
        // Keys grow with time and holes keep their keys, so `keys` stays sorted.
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == key, observers[low] !== hole else { return }
        observers[low] = hole
        count -= 1
        let holes = keys.count - count
        if holes > 16 && holes > count { compact() }
    }

    private mutating func compact() {
        var keptObservers = ContiguousArray<ObserverNode<Element>>()
        var keptKeys: [Int] = []
        keptObservers.reserveCapacity(count)
        keptKeys.reserveCapacity(count)
        for index in observers.indices where observers[index] !== hole {
            keptObservers.append(observers[index])
            keptKeys.append(keys[index])
        }
        observers = keptObservers
        keys = keptKeys
    }

    mutating func removeAll() {
        observers.removeAll()
        keys.removeAll()
        count = 0
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

/// The observers of a subject, in subscription order, each under a key that unsubscribes it.
struct ObserverBag<Element> {
    private(set) var entries: ContiguousArray<(key: Int, observer: ObserverNode<Element>)> = []
    private var nextKey = 0

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    mutating func insert(_ observer: ObserverNode<Element>) -> Int {
        let key = nextKey
        nextKey += 1
        entries.append((key, observer))
        return key
    }

    mutating func remove(_ key: Int) {
        // Keys grow with time, so the entries are sorted by key.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        if low < entries.count && entries[low].key == key { entries.remove(at: low) }
    }

    mutating func removeAll() { entries.removeAll() }
}

/// Sends an event to a snapshot of observers, outside the subject's lock.
func dispatch<Element>(_ entries: ContiguousArray<(key: Int, observer: ObserverNode<Element>)>, _ event: Event<Element>) {
    switch event {
    case .next(let element): dispatchNext(entries, element)
    case .error(let error): for entry in entries { entry.observer.error(error) }
    case .completed: for entry in entries { entry.observer.completed() }
    }
}

/// Sends a value to a snapshot of observers, outside the subject's lock.
@inline(__always)
func dispatchNext<Element>(_ entries: ContiguousArray<(key: Int, observer: ObserverNode<Element>)>, _ element: Element) {
    for entry in entries { entry.observer.next(element) }
}

/// Unsubscribes one observer from a subject when disposed.
final class SubjectSubscription: Disposable {
    private var unsubscribe: ((Int) -> Void)?
    private let key: Int
    private let lock = Lock()

    init(key: Int, unsubscribe: @escaping (Int) -> Void) {
        self.key = key
        self.unsubscribe = unsubscribe
    }

    func dispose() {
        let unsubscribe: ((Int) -> Void)? = lock.performLocked {
            defer { self.unsubscribe = nil }
            return self.unsubscribe
        }
        unsubscribe?(key)
    }
}

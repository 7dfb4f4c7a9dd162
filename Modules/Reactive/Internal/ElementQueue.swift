/// A first-in first-out queue with amortised O(1) `enqueue` and `dequeue`.
///
/// `Array.removeFirst` is O(n); zip's buffers and merge's pending inner sequences dequeue from the
/// front on every value, so the queue keeps a head index and compacts only when half of it is dead.
struct ElementQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    /// Whether the queue holds nothing.
    var isEmpty: Bool { head == storage.count }

    /// How many elements are queued.
    var count: Int { storage.count - head }

    /// Adds an element at the back.
    mutating func enqueue(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the front element, or `nil` when empty.
    mutating func dequeue() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        storage[head] = nil
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}

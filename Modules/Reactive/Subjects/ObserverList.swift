/// The observers of an `ObserverRegistry` that senders read: changed in place only while nobody
/// reads it, else a copy is changed (the registry decides which).
///
/// Kept by hand, not in an array: each slot is an observer, not retained by the slot but by the
/// list (one retain per observer it holds, taken on insert and handed over on removal), and its
/// key. Slots are plain values, so growing, compacting and copying the storage move bytes and
/// retain nothing, and a removed observer's slot takes the list's do-nothing `hole` (a reference
/// no slot retains) until the next compaction: sending a value stays a loop of calls with no test
/// per observer, and removing one costs no reference counting. A copy retains its observers again,
/// so a list retired while senders still read it keeps what they read alive.
@usableFromInline final class ObserverList {
    /// An observer and the key that removes it.
    private struct Slot {
        var node: Unmanaged<AnyObserverNode>
        let key: Int
    }

    // Changed only by the registry with its lock held, never while read: no dynamic exclusivity checks.
    /// Where the slots are, and how many (live or holes): what senders read.
    @usableFromInline @exclusivity(unchecked) var nodes: UnsafeRawPointer?
    @usableFromInline @exclusivity(unchecked) var nodeCount = 0
    @exclusivity(unchecked) private var capacity = 0
    /// The number of observers (slots that are not holes).
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var nextKey = 0
    /// What a removed observer's slot holds; retained here, by no slot.
    private let hole: AnyObserverNode

    /// The distance between two slots' nodes (`Slot`: the node, then its key).
    @inlinable static var slotStride: Int { 16 }

    /// An empty list; `hole` is an observer of the subject's element type that does nothing.
    init(hole: AnyObserverNode) {
        precondition(MemoryLayout<Slot>.stride == Self.slotStride, "ObserverList: a slot's layout changed")
        self.hole = hole
    }

    deinit {
        forEachObserver { $0.node.release() }
        MovableBuffer.deallocate(slots)
    }

    private var slots: UnsafeMutablePointer<Slot>? {
        UnsafeMutablePointer(mutating: nodes?.assumingMemoryBound(to: Slot.self))
    }

    /// Calls `body` with each observer's slot, holes skipped.
    private func forEachObserver(_ body: (Slot) -> Void) {
        guard let slots else { return }
        let hole = Unmanaged.passUnretained(self.hole).toOpaque()
        for index in 0..<nodeCount where slots[index].node.toOpaque() != hole { body(slots[index]) }
    }

    /// A list with the same observers (each retained once more), to be changed while this one is read.
    func copy() -> ObserverList {
        let copy = ObserverList(hole: hole)
        copy.nextKey = nextKey
        guard count > 0 else { return copy }
        let copied = MovableBuffer.allocate(Slot.self, capacity: count)
        var kept = 0
        forEachObserver { slot in
            _ = slot.node.retain()
            (copied + kept).initialize(to: slot)
            kept += 1
        }
        copy.nodes = UnsafeRawPointer(copied)
        copy.nodeCount = kept
        copy.capacity = count
        copy.count = count
        return copy
    }

    /// The observers, retained, for a stop event.
    var snapshot: ObserverBag.Snapshot {
        var snapshot = ObserverBag.Snapshot()
        snapshot.reserveCapacity(count)
        forEachObserver { snapshot.append(ObserverBag.Slot(node: $0.node.takeUnretainedValue(), key: $0.key)) }
        return snapshot
    }

    /// Adds an observer under `key`, which must be above every key the list has had.
    func insert(_ observer: AnyObserverNode, key: Int) {
        insert(retained: .passRetained(observer), key: key)
    }

    /// Adds an observer under `key`, taking over the retain `observer` carries.
    func insert(retained observer: Unmanaged<AnyObserverNode>, key: Int) {
        precondition(key >= nextKey, "ObserverList: keys must grow")
        nextKey = key + 1
        if nodeCount == capacity { grow() }
        (slots.unsafelyUnwrapped + nodeCount).initialize(to: Slot(node: observer, key: key))
        nodeCount += 1
        count += 1
    }

    /// Doubles the storage, moving the slots over.
    @inline(never) private func grow() {
        resize(to: Swift.max(16, capacity * 2))
    }

    private func resize(to newCapacity: Int) {
        nodes = UnsafeRawPointer(MovableBuffer.resize(slots, to: newCapacity))
        capacity = newCapacity
    }

    /// Removes the observer under `key`, if it is still here, and hands it back with the list's
    /// retain, so that the caller can release it once it no longer holds a lock (releasing an
    /// observer can run user code: a `deinit` of what its closures captured).
    @inline(__always) func take(_ key: Int) -> AnyObserverNode? {
        takeRetained(key)?.takeRetainedValue()
    }

    /// `take` for a caller that releases the observer by hand.
    @inline(__always) func takeRetained(_ key: Int) -> Unmanaged<AnyObserverNode>? {
        guard let index = index(of: key), let slots else { return nil }
        let removed = slots[index].node
        slots[index].node = .passUnretained(hole)
        count -= 1
        let holes = nodeCount - count
        if holes > 16 && holes > count { compact() }
        return removed
    }

    /// Puts `observer` in the place of the observer under `key`, if that one is still here, and
    /// hands the one replaced back with the list's retain (for the caller to release once it holds
    /// no lock).
    func replace(_ key: Int, with observer: AnyObserverNode) -> AnyObserverNode? {
        guard let index = index(of: key), let slots else { return nil }
        let replaced = slots[index].node
        slots[index].node = .passRetained(observer)
        return replaced.takeRetainedValue()
    }

    /// Removes every observer and hands them back, for the caller to release once it holds no lock.
    func removeAll() -> [AnyObserverNode] {
        var removed: [AnyObserverNode] = []
        removed.reserveCapacity(count)
        forEachObserver { removed.append($0.node.takeRetainedValue()) }
        MovableBuffer.deallocate(slots)
        nodes = nil
        nodeCount = 0
        capacity = 0
        count = 0
        return removed
    }

    /// Where the observer under `key` is, if it is still here.
    @inline(__always) private func index(of key: Int) -> Int? {
        guard let slots, let index = position(of: key, among: nodeCount, keyAt: { slots[$0].key }),
            slots[index].node.toOpaque() != Unmanaged.passUnretained(hole).toOpaque()
        else { return nil }
        return index
    }

    /// Drops the holes, moving the kept slots left; a list that lost most of its observers gives
    /// the memory back.
    @inline(never) private func compact() {
        guard let slots else { return }
        let hole = Unmanaged.passUnretained(self.hole).toOpaque()
        var kept = 0
        for index in 0..<nodeCount where slots[index].node.toOpaque() != hole {
            if kept != index { slots[kept] = slots[index] }
            kept += 1
        }
        nodeCount = kept
        if capacity > 4 * kept + 64 { resize(to: Swift.max(16, kept)) }
    }

    /// Sends a value to every observer, retaining none.
    @inlinable @inline(__always) func sendNext<Element>(_ element: Element) {
        guard let nodes else { return }
        for index in 0..<nodeCount {
            // The list holds the reference; read as a raw pointer, it is not retained again. A
            // removed observer's slot holds the hole, whose `next` does nothing.
            let node = nodes.load(fromByteOffset: index &* Self.slotStride, as: UnsafeRawPointer.self)
            Unmanaged<ObserverNode<Element>>.fromOpaque(node)._withUnsafeGuaranteedRef { $0.next(element) }
        }
    }
}

/// Stands in for a removed observer until the list is compacted.
final class RemovedObserver<Element>: ObserverNode<Element> {
    override func next(_ element: Element) {}
    override func error(_ error: Swift.Error) {}
    override func completed() {}
}

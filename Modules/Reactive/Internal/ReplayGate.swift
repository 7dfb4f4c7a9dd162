import Synchronization

/// Stands for a new observer of a replaying source (`BehaviorSubject`, `ReplaySubject`,
/// `share(replay: 1)`) so that what is replayed can be delivered without the source's lock held.
///
/// The source takes its snapshot and registers the gate in one critical section; after unlocking
/// it calls `replay(_:then:)`. Live events that reach the gate before the replay is over (from
/// another thread, or from the observer feeding the source while it receives a replayed value) wait
/// in the gate's queue and follow the replay in order; after that they pass straight through. This
/// is how RxSwift's `main` fixed the replay deadlocks (#2653, #2713): an observer that takes a lock
/// of its own can no longer hold it against the source's.
final class ReplayGate<Element>: ObserverNode<Element> {
    private let observer: ObserverNode<Element>
    private let lock = Lock()
    private let open = Atomic<Bool>(false)
    private var queue: [Event<Element>] = []  // guarded by `lock`

    init(_ observer: ObserverNode<Element>) {
        self.observer = observer
    }

    /// Delivers `replayed`, then `stop` if the source had ended, then every live event that came
    /// meanwhile; from then on live events pass straight through. Call it once, with no lock held.
    func replay<Replayed: Sequence<Element>>(_ replayed: Replayed, then stop: Event<Element>? = nil) {
        for element in replayed { observer.next(element) }
        if let stop { observer.on(stop) }
        while true {
            lock.lock()
            if queue.isEmpty {
                open.store(true, ordering: .releasing)
                lock.unlock()
                return
            }
            let waiting = queue
            queue.removeAll()
            lock.unlock()
            for event in waiting { observer.on(event) }
        }
    }

    override func next(_ element: Element) {
        if open.load(ordering: .acquiring) {
            observer.next(element)
        } else {
            nextWhileReplaying(element)
        }
    }

    override func error(_ error: Swift.Error) {
        if open.load(ordering: .acquiring) || !wait(.error(error)) { observer.error(error) }
    }

    override func completed() {
        if open.load(ordering: .acquiring) || !wait(.completed) { observer.completed() }
    }

    // Apart from `next` so that the open path builds no `Event<Element>`: its generic metadata
    // would be looked up on every value.
    @inline(never) private func nextWhileReplaying(_ element: Element) {
        if !wait(.next(element)) { observer.next(element) }
    }

    /// Queues `event` while the replay runs; false when the gate opened meanwhile.
    private func wait(_ event: Event<Element>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if open.load(ordering: .relaxed) { return false }
        queue.append(event)
        return true
    }
}

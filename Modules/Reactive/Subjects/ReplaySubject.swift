/// Replays buffered values (the last `bufferSize`, or all) to each new observer, then sends it
/// later events.
public class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, ObserverRemoving, Cancelable {
    /// The observer side.
    public typealias SubjectObserverType = ReplaySubject<Element>

    // Every stored var below is read and written under `lock` (see the Sendable extension).
    // Never held while an observer runs: a new observer is replayed to through a `ReplayGate`.
    private let lock = Lock()
    private let bufferSize: Int?
    private var buffer: [Element] = []
    private var bufferStart = 0
    private var observers = ObserverBag()
    private var stoppedEvent: Event<Element>?
    private var disposed = false

    init(bufferSize: Int?) {
        self.bufferSize = bufferSize
        super.init()
    }

    /// A subject that replays the last `bufferSize` values.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: max(bufferSize, 0))
    }

    /// A subject that replays every value.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil)
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { lock.performLocked { !observers.isEmpty } }

    /// Whether the subject was disposed.
    public var isDisposed: Bool { lock.performLocked { disposed } }

    private var buffered: ArraySlice<Element> { buffer[bufferStart...] }

    private func append(_ element: Element) {
        buffer.append(element)
        guard let bufferSize else { return }
        if buffer.count - bufferStart > bufferSize { bufferStart += 1 }
        // Compact now and then so the array does not grow without bound.
        if bufferStart > 64 && bufferStart * 2 > buffer.count {
            buffer.removeFirst(bufferStart)
            bufferStart = 0
        }
    }

    /// Sends an event to the observers and buffers a value.
    public func on(_ event: Event<Element>) {
        lock.lock()
        if stoppedEvent != nil || disposed {
            lock.unlock()
            return
        }
        let snapshot = observers.snapshot
        switch event {
        case .next(let value):
            append(value)
        case .error, .completed:
            stoppedEvent = event
            observers.removeAll()
        }
        lock.unlock()
        dispatch(snapshot, event)
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        lock.lock()
        if disposed {
            lock.unlock()
            observer.on(.error(RxError.disposed(object: DisposedObject(self))))
            return Disposables.create()
        }
        // The buffer is copied and the observer registered in one step, so that no new value can
        // overtake the buffered ones; the replay itself runs unlocked (RxSwift #2713).
        let replayed = Array(buffered)
        if let stoppedEvent {
            lock.unlock()
            for element in replayed { observer.next(element) }
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        let gate = ReplayGate(observer)
        let key = observers.insert(gate)
        lock.unlock()
        gate.replay(replayed)
        return SubjectSubscription(owner: self, key: key)
    }

    func removeObserver(_ key: Int) {
        let removed = lock.performLocked { observers.take(key) }
        // Released unlocked: releasing an observer can run user code.
        withExtendedLifetime(removed) {}
    }

    /// The subject itself.
    public func asObserver() -> ReplaySubject<Element> { self }

    /// Drops every observer and the buffer; later use reports `RxError.disposed`.
    public func dispose() {
        let removed = lock.performLocked {
            disposed = true
            buffer.removeAll()
            bufferStart = 0
            stoppedEvent = nil
            return observers.removeAll()
        }
        // Released unlocked: releasing an observer can run user code.
        withExtendedLifetime(removed) {}
    }
}

// The subject's state is guarded by `lock`; its values cross threads, so they must be Sendable.
extension ReplaySubject: @unchecked Sendable where Element: Sendable {}

/// Holds a current value: a new observer first receives it, then every later event.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, ObserverRemoving, Cancelable {
    /// The observer side.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    // Every stored var below is read and written under `lock` (see the Sendable extension).
    // Under the lock no two accesses can overlap, so they skip the dynamic exclusivity check: on
    // every onNext it cost more than the subject's own work.
    // Never held while an observer runs: the current value reaches a new observer through a `ReplayGate`.
    private let lock = Lock()
    @exclusivity(unchecked) private var element: Element
    @exclusivity(unchecked) private var observers = ObserverBag(of: Element.self)
    @exclusivity(unchecked) private var stoppedEvent: Event<Element>?
    // Mirrors `stoppedEvent != nil`: testing a generic optional on every value costs a metadata lookup.
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var disposed = false

    /// A subject holding `value`.
    public init(value: Element) {
        element = value
        super.init()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { lock.performLocked { !observers.isEmpty } }

    /// Whether the subject was disposed.
    public var isDisposed: Bool { lock.performLocked { disposed } }

    /// The current value; throws the error the subject stopped with, or `RxError.disposed`.
    public func value() throws -> Element {
        lock.lock()
        defer { lock.unlock() }
        if disposed { throw RxError.disposed(object: DisposedObject(self)) }
        if let error = stoppedEvent?.error { throw error }
        return element
    }

    /// Sends an event; a value becomes the current value.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            onNext(element)
            return
        }
        lock.lock()
        if stoppedEvent != nil || disposed {
            lock.unlock()
            return
        }
        let snapshot = observers.nodes(of: Element.self)
        stoppedEvent = event
        stopped = true
        observers.removeAll()
        lock.unlock()
        dispatch(snapshot, event)
    }

    /// Sets the current value and sends it to the observers (the hot path, without building an event).
    public func onNext(_ element: Element) {
        lock.lock()
        if stopped || disposed {
            lock.unlock()
            return
        }
        let snapshot = observers.nodes(of: Element.self)
        self.element = element
        lock.unlock()
        dispatchNext(snapshot, element)
    }

    override func subscribeNode(_ observer: ObserverNode<Element>) -> Disposable {
        lock.lock()
        if disposed || stopped {
            return refuseLateSubscriber(observer, of: self, disposed: disposed, unlocking: lock) { stoppedEvent }
        }
        // Registered with the value it starts from in one step, so no later value can overtake it.
        let gate = ReplayGate(observer)
        let key = observers.insert(gate)
        let current = element
        lock.unlock()
        gate.replay(CollectionOfOne(current))
        return SubjectSubscription(owner: self, key: key)
    }

    func removeObserver(_ key: Int) {
        lock.performLocked { observers.remove(key) }
    }

    /// The subject itself.
    public func asObserver() -> BehaviorSubject<Element> { self }

    /// Drops every observer; later use reports `RxError.disposed`.
    public func dispose() {
        lock.performLocked {
            disposed = true
            observers.removeAll()
            stoppedEvent = nil
        }
    }
}

// The subject's state is guarded by `lock`; its values cross threads, so they must be Sendable.
extension BehaviorSubject: @unchecked Sendable where Element: Sendable {}

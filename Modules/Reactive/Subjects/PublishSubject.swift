/// Sends each event to the observers subscribed at that moment; a late subscriber gets only the
/// stop event, if the subject has stopped.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, ObserverRemoving, Cancelable {
    // Every stored var below is read and written under `lock` (see the Sendable extension).
    // Under the lock no two accesses can overlap, so they skip the dynamic exclusivity check: on
    // every onNext it cost more than the subject's own work.
    /// The observer side.
    public typealias SubjectObserverType = PublishSubject<Element>

    private let lock = Lock()
    @exclusivity(unchecked) private var observers = ObserverBag(of: Element.self)
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var stoppedEvent: Event<Element>?
    @exclusivity(unchecked) private var disposed = false

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { lock.performLocked { !observers.isEmpty } }

    /// Whether the subject was disposed.
    public var isDisposed: Bool { lock.performLocked { disposed } }

    /// A new subject.
    public override init() { super.init() }

    /// Sends an event to the current observers.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            onNext(element)
            return
        }
        lock.lock()
        if stopped || disposed {
            lock.unlock()
            return
        }
        let snapshot = observers.nodes(of: Element.self)
        if event.isStopEvent {
            stopped = true
            stoppedEvent = event
            observers.removeAll()
        }
        lock.unlock()
        dispatch(snapshot, event)
    }

    override func subscribeNode(_ observer: ObserverNode<Element>) -> Disposable {
        lock.lock()
        if disposed || stopped {
            return refuseLateSubscriber(observer, of: self, disposed: disposed, unlocking: lock) { stoppedEvent }
        }
        let key = observers.insert(observer)
        lock.unlock()
        return SubjectSubscription(owner: self, key: key)
    }

    func removeObserver(_ key: Int) {
        lock.performLocked { observers.remove(key) }
    }

    /// Sends a value to the current observers (the hot path, without building an event).
    public func onNext(_ element: Element) {
        lock.lock()
        if stopped || disposed {
            lock.unlock()
            return
        }
        let snapshot = observers.nodes(of: Element.self)
        lock.unlock()
        dispatchNext(snapshot, element)
    }

    /// The subject itself.
    public func asObserver() -> PublishSubject<Element> { self }

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
extension PublishSubject: @unchecked Sendable where Element: Sendable {}

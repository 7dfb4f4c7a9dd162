/// Sends each event to the observers subscribed at that moment; a late subscriber gets only the
/// stop event, if the subject has stopped.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side.
    public typealias SubjectObserverType = PublishSubject<Element>

    // The observers, and the lock that guards the stored vars below: a value is sent without it.
    private let observers = ObserverRegistry(of: Element.self)
    // Under the lock no two accesses can overlap, so they skip the dynamic exclusivity check.
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var stoppedEvent: Event<Element>?
    @exclusivity(unchecked) private var disposed = false

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { observers.withLock { observers.count > 0 } }

    /// Whether the subject was disposed.
    public var isDisposed: Bool { observers.withLock { disposed } }

    /// A new subject.
    public override init() { super.init() }

    /// Sends an event to the current observers.
    // Inlinable, so that the event is taken apart in the caller's code, compiled for its element
    // type: in the subject's generic code that cost a runtime metadata lookup per value, several
    // times the rest of `onNext` (`bind(to:)` and `subscribe(_:)` of a subject come here too).
    @inlinable
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            onNext(element)
        } else {
            stop(with: event)
        }
    }

    /// Ends the subject with `event`, an error or the completion.
    @usableFromInline
    func stop(with event: Event<Element>) {
        observers.lock()
        if stopped || disposed {
            observers.unlock()
            return
        }
        stopped = true
        stoppedEvent = event
        let snapshot = observers.close()
        observers.unlock()
        dispatch(snapshot, event)
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        observers.lock()
        if disposed || stopped {
            return refuseLateSubscriber(observer, of: self, disposed: disposed, unlocking: observers.unlock) { stoppedEvent }
        }
        let key = observers.insert(consume observer)
        observers.unlock()
        return RegistrySubscription(observers, key: key)
    }

    /// Sends a value to the current observers (the hot path: no lock, no event built).
    public func onNext(_ element: Element) {
        observers.sendNext(element)
    }

    // Subscriptions hold the registry, not the subject: ending it as the subject goes lets its
    // observers go, even while a bag keeps their subscriptions.
    deinit {
        observers.withLock { _ = observers.close() }
    }

    /// The subject itself.
    public func asObserver() -> PublishSubject<Element> { self }

    /// Drops every observer; later use reports `RxError.disposed`.
    public func dispose() {
        observers.lock()
        disposed = true
        stoppedEvent = nil
        _ = observers.close()
        observers.unlock()
    }
}

// The subject's state is guarded by its registry's lock; its values cross threads, so they must be Sendable.
extension PublishSubject: @unchecked Sendable where Element: Sendable {}

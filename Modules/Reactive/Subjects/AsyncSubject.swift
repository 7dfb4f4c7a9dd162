/// Sends only the last value, and only when the source completes; an error is passed on as is.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, ObserverRemoving {
    /// The observer side.
    public typealias SubjectObserverType = AsyncSubject<Element>

    // Every stored var below is read and written under `lock` (see the Sendable extension).
    private let lock = Lock()
    private var observers = ObserverBag()
    private var stoppedEvent: Event<Element>?
    private var lastElement: Element?

    /// A new subject.
    public override init() { super.init() }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { lock.performLocked { !observers.isEmpty } }

    /// Records a value, or ends the subject: on completion the last value (if any) goes out first.
    public func on(_ event: Event<Element>) {
        lock.lock()
        if stoppedEvent != nil {
            lock.unlock()
            return
        }
        switch event {
        case .next(let element):
            lastElement = element
            lock.unlock()
        case .error:
            stoppedEvent = event
            let snapshot = observers.snapshot
            observers.removeAll()
            lock.unlock()
            dispatch(snapshot, event)
        case .completed:
            stoppedEvent = event
            let snapshot = observers.snapshot
            let last = lastElement
            observers.removeAll()
            lock.unlock()
            if let last { dispatch(snapshot, .next(last)) }
            dispatch(snapshot, Event<Element>.completed)
        }
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        lock.lock()
        if let stoppedEvent {
            let last = lastElement
            lock.unlock()
            if stoppedEvent.isCompleted, let last { observer.on(.next(last)) }
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        let key = observers.insert(observer)
        lock.unlock()
        return SubjectSubscription(owner: self, key: key)
    }

    func removeObserver(_ key: Int) {
        let removed = lock.performLocked { observers.take(key) }
        // Released unlocked: releasing an observer can run user code.
        withExtendedLifetime(removed) {}
    }

    /// The subject itself.
    public func asObserver() -> AsyncSubject<Element> { self }
}

// The subject's state is guarded by `lock`; its values cross threads, so they must be Sendable.
extension AsyncSubject: @unchecked Sendable where Element: Sendable {}

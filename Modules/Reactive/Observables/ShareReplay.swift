/// How long the subject behind `share(replay:scope:)` lives.
public enum SubjectLifetimeScope: Sendable {
    /// A new subject (and replay buffer) per connection: after a disconnection everything starts afresh.
    case whileConnected
    /// One subject for the shared sequence's whole life: its buffer and stop event outlive each connection.
    case forever
}

extension ObservableType {
    /// Shares one subscription among all subscribers, replaying the last `replay` values to newcomers.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            switch replay {
            case 0: return multicast(PublishSubject()).refCount()
            default: return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
            }
        case .whileConnected:
            switch replay {
            case 0: return ShareWhileConnected(source: asObservable(), replaysLatest: false)
            case 1: return ShareWhileConnected(source: asObservable(), replaysLatest: true)
            default: return multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
            }
        }
    }
}

/// `share()` and `share(replay: 1)` while connected, without a subject: one connection object
/// per connection holds the observers (and the latest value), as RxSwift's optimised versions do.
final private class ShareWhileConnected<Element>: Observable<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let replaysLatest: Bool

    // Shared with every connection; never held while an observer runs (the latest value reaches a
    // new observer through a `ReplayGate`, RxSwift #2653).
    fileprivate let lock = Lock()
    fileprivate var connection: ShareConnection<Element>?  // guarded by `lock`

    init(source: Observable<Element>, replaysLatest: Bool) {
        self.source = source
        self.replaysLatest = replaysLatest
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        lock.lock()
        let connection: ShareConnection<Element>
        if let existing = self.connection {
            connection = existing
        } else {
            connection = ShareConnection(parent: self)
            self.connection = connection
        }
        let isFirst = connection.observerCount == 0
        let (disposable, replay) = connection.subscribeLocked(observer)
        lock.unlock()

        // Outside the lock: the observer's code, and the source's events that take the lock themselves.
        replay?()
        if isFirst { connection.connect() }
        return disposable
    }
}

/// One connection of a shared sequence: its observers, and its subscription to the source.
final private class ShareConnection<Element>: ObserverNode<Element>, ObserverRemoving {
    private let parent: ShareWhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()

    private var lock: Lock { parent.lock }
    private var disposed = false  // guarded by `lock`
    private var observers = ObserverBag()  // guarded by `lock`
    private var latest: Element?  // guarded by `lock`

    init(parent: ShareWhileConnected<Element>) {
        self.parent = parent
    }

    /// Called under `lock`.
    var observerCount: Int { observers.count }

    func connect() {
        subscription.setDisposable(parent.source.subscribeNode(self))
    }

    override func next(_ element: Element) {
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        if parent.replaysLatest { latest = element }
        let snapshot = observers.snapshot
        lock.unlock()
        dispatchNext(snapshot, element)
    }

    override func error(_ error: Swift.Error) {
        stop(.error(error))
    }

    override func completed() {
        stop(.completed)
    }

    private func stop(_ event: Event<Element>) {
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        let snapshot = observers.snapshot
        disposeLocked()
        lock.unlock()
        dispatch(snapshot, event)
    }

    /// Called under `lock`: adds the observer, behind a gate when there is a latest value to
    /// replay; the caller runs the replay once it has unlocked.
    func subscribeLocked(_ observer: ObserverNode<Element>) -> (Disposable, replay: (() -> Void)?) {
        guard let latest else {
            let key = observers.insert(observer)
            return (SubjectSubscription(owner: self, key: key), nil)
        }
        let gate = ReplayGate(observer)
        let key = observers.insert(gate)
        return (SubjectSubscription(owner: self, key: key), { gate.replay(CollectionOfOne(latest)) })
    }

    /// Called under `lock`: after this the parent starts a new connection for the next subscriber.
    private func disposeLocked() {
        disposed = true
        if parent.connection === self { parent.connection = nil }
        observers.removeAll()
    }

    func removeObserver(_ key: Int) {
        var removed: AnyObserverNode?
        let shouldDisconnect: Bool = lock.performLocked {
            removed = observers.take(key)
            if removed == nil { return false }
            if observers.isEmpty {
                disposeLocked()
                return true
            }
            return false
        }
        // Released unlocked: releasing an observer can run user code.
        withExtendedLifetime(removed) {}
        if shouldDisconnect { subscription.dispose() }
    }
}

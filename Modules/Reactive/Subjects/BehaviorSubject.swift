/// Holds a current value: a new observer first receives it, then every later event.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    // The observers, and the lock that guards every stored var below (see the Sendable
    // extension). Under the lock no two accesses can overlap, so they skip the dynamic exclusivity
    // check: on every onNext it cost more than the subject's own work. Never held while an observer
    // runs: the current value reaches a new observer through a `ReplayGate`.
    @usableFromInline let observers = ObserverRegistry(of: Element.self)
    @usableFromInline @exclusivity(unchecked) var element: Element
    @exclusivity(unchecked) private var stoppedEvent: Event<Element>?
    // Mirrors `stoppedEvent != nil`: testing a generic optional on every value costs a metadata lookup.
    @usableFromInline @exclusivity(unchecked) var stopped = false
    @usableFromInline @exclusivity(unchecked) var disposed = false

    /// A subject holding `value`.
    public init(value: Element) {
        element = value
        super.init()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool { observers.withLock { observers.count > 0 } }

    /// Whether the subject was disposed.
    public var isDisposed: Bool { observers.withLock { disposed } }

    /// The current value; throws the error the subject stopped with, or `RxError.disposed`.
    public func value() throws -> Element {
        observers.lock()
        defer { observers.unlock() }
        if disposed { throw RxError.disposed(object: DisposedObject(self)) }
        if let error = stoppedEvent?.error { throw error }
        return element
    }

    /// Sends an event; a value becomes the current value.
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
        if stoppedEvent != nil || disposed {
            observers.unlock()
            return
        }
        stoppedEvent = event
        stopped = true
        let snapshot = observers.close()
        observers.unlock()
        dispatch(snapshot, event)
    }

    /// Sets the current value and sends it to the observers (the hot path, without building an event).
    // Inlined into the caller, compiled for its element type: in the subject's generic code, storing
    // the value was a call through its type's value witness, and the subject's fields were found
    // through its metadata. (`PublishSubject.onNext` stores nothing, and stays out of line: inlined,
    // its loop over many observers came out slower.)
    @inlinable @inline(__always) public func onNext(_ element: Element) {
        observers.lock()
        if stopped || disposed {
            observers.unlock()
            return
        }
        self.element = element
        let list = observers.startSendingLocked()
        observers.unlock()
        list._withUnsafeGuaranteedRef { $0.sendNext(element) }
        observers.finishSending()
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        observers.lock()
        if disposed || stopped {
            return refuseLateSubscriber(observer, of: self, disposed: disposed, unlocking: observers.unlock) { stoppedEvent }
        }
        // Registered with the value it starts from in one step, so no later value can overtake it.
        let gate = ReplayGate(copy observer)
        let key = observers.insert(gate)
        let current = element
        observers.unlock()
        gate.replay(CollectionOfOne(current))
        // The replay is over and values now pass the gate straight through: the observer takes
        // its place, so that a value costs no extra call for as long as the subscription lasts.
        observers.lock()
        observers.replace(key, with: observer)
        observers.unlock()
        return RegistrySubscription(observers, key: key)
    }

    // Subscriptions hold the registry, not the subject: ending it as the subject goes lets its
    // observers go, even while a bag keeps their subscriptions.
    deinit {
        observers.withLock { _ = observers.close() }
    }

    /// The subject itself.
    public func asObserver() -> BehaviorSubject<Element> { self }

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
extension BehaviorSubject: @unchecked Sendable where Element: Sendable {}

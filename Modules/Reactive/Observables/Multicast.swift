import Synchronization

/// A sequence that shares one subscription to its source, made by `connect()` rather than by subscribing.
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the shared subject to the source; disposing the result disconnects it.
    func connect() -> Disposable
}

/// A type-erased connectable sequence: `publish()`, `replay(_:)`, `multicast(_:)` return one.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    override init() { super.init() }

    /// Subscribes the shared subject to the source; disposing the result disconnects it.
    public func connect() -> Disposable { rxAbstractMethod() }
}

extension ObservableType {
    /// Shares the source through `subject`, the same one for every connection, subscribed on `connect()`.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject })
    }

    /// Shares the source through a subject from `makeSubject`, a new one after each connection ends.
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject)
        -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element
    {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
    }

    /// For each subscription, shares the source through a new subject inside `selector`, then connects.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        Multicast(source: asObservable(), subjectSelector: subjectSelector, selector: selector)
    }

    /// Shares the source through a `PublishSubject`: observers get the values sent after they subscribe.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject() })
    }

    /// Shares the source through a `ReplaySubject` that replays the last `bufferSize` values.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
    }

    /// Shares the source through a `ReplaySubject` that replays every value.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.createUnbounded() })
    }
}

extension ConnectableObservableType {
    /// Connects when the first observer subscribes and disconnects when the last one leaves.
    public func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

// MARK: - Connectable

final private class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element> {
    private let source: Observable<Subject.Observer.Element>
    private let makeSubject: () -> Subject

    // Never held while the source or an observer runs (RxSwift #2698): `connect` subscribes with it
    // released, and a source that stops synchronously then clears its connection from here.
    fileprivate let lock = Lock()
    fileprivate var subject: Subject?  // guarded by `lock`
    fileprivate var connection: MulticastConnection<Subject>?  // guarded by `lock`

    init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        super.init()
    }

    override func connect() -> Disposable {
        lock.lock()
        if let connection {
            lock.unlock()
            return connection
        }
        let subscription = SingleAssignmentDisposable()
        let connection = MulticastConnection(
            parent: self, subjectObserver: lazySubject.asObserver(), lock: lock, subscription: subscription)
        self.connection = connection
        lock.unlock()
        subscription.setDisposable(source.subscribeNode(connection))
        return connection
    }

    /// Called under `lock`.
    private var lazySubject: Subject {
        if let subject { return subject }
        let subject = makeSubject()
        self.subject = subject
        return subject
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Subject.Element>) -> Disposable {
        let subject = lock.performLocked { lazySubject }
        return subject.subscribe(observer)
    }
}

/// One connection of a connectable sequence: feeds the subject until disposed or the source stops.
final private class MulticastConnection<Subject: SubjectType>: ObserverNode<Subject.Observer.Element>, Disposable {
    private let lock: Lock  // the parent's
    private var parent: ConnectableObservableAdapter<Subject>?  // guarded by `lock`
    private var subscription: Disposable?  // guarded by `lock`
    private let subjectObserver: Subject.Observer
    private let disposed = Atomic<Bool>(false)

    init(
        parent: ConnectableObservableAdapter<Subject>, subjectObserver: Subject.Observer, lock: Lock,
        subscription: Disposable
    ) {
        self.parent = parent
        self.subjectObserver = subjectObserver
        self.lock = lock
        self.subscription = subscription
    }

    override func next(_ element: Element) {
        if disposed.load(ordering: .acquiring) { return }
        subjectObserver.on(.next(element))
    }

    override func error(_ error: Swift.Error) {
        if disposed.load(ordering: .acquiring) { return }
        // Disconnects first, so the next `connect()` starts afresh even from the subject's observers.
        dispose()
        subjectObserver.on(.error(error))
    }

    override func completed() {
        if disposed.load(ordering: .acquiring) { return }
        dispose()
        subjectObserver.on(.completed)
    }

    func dispose() {
        lock.lock()
        disposed.store(true, ordering: .releasing)
        guard let parent else {
            lock.unlock()
            return
        }
        if parent.connection === self {
            parent.connection = nil
            parent.subject = nil
        }
        self.parent = nil
        let subscription = self.subscription
        self.subscription = nil
        lock.unlock()
        // Disposed with the lock released: the source's dispose is user code (RxSwift #2698).
        subscription?.dispose()
    }
}

// MARK: - Multicast with a selector

final private class Multicast<Subject: SubjectType, Result>: Producer<Result> {
    typealias SubjectSelector = () throws -> Subject
    typealias Selector = (Observable<Subject.Element>) throws -> Observable<Result>

    fileprivate let source: Observable<Subject.Observer.Element>
    fileprivate let subjectSelector: SubjectSelector
    fileprivate let selector: Selector

    init(
        source: Observable<Subject.Observer.Element>, subjectSelector: @escaping SubjectSelector,
        selector: @escaping Selector
    ) {
        self.source = source
        self.subjectSelector = subjectSelector
        self.selector = selector
    }

    override func run(_ observer: ObserverNode<Result>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = MulticastSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class MulticastSink<Subject: SubjectType, Result>: Sink<Result, Result> {
    private let parent: Multicast<Subject, Result>

    init(parent: Multicast<Subject, Result>, observer: ObserverNode<Result>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        do {
            let subject = try parent.subjectSelector()
            let connectable = ConnectableObservableAdapter(source: parent.source, makeSubject: { subject })
            let observable = try parent.selector(connectable)
            let subscription = observable.subscribeNode(self)
            let connection = connectable.connect()
            return Disposables.create(subscription, connection)
        } catch {
            forwardError(error)
            dispose()
            return Disposables.create()
        }
    }

    override func next(_ element: Result) {
        forwardNext(element)
    }
}

// MARK: - RefCount

final private class RefCount<ConnectableSource: ConnectableObservableType>: Producer<ConnectableSource.Element> {
    fileprivate let source: ConnectableSource

    // Subscribers on any thread connect and disconnect through this state. Never held while the
    // source connects or disconnects (RxSwift #2708).
    fileprivate let lock = Lock()
    fileprivate var count = 0  // guarded by `lock`
    fileprivate var connectionId: Int64 = 0  // guarded by `lock`
    fileprivate var connectableSubscription: Disposable?  // guarded by `lock`

    init(source: ConnectableSource) {
        self.source = source
    }

    override func run(_ observer: ObserverNode<ConnectableSource.Element>, cancel: Cancelable)
        -> (sink: Disposable, subscription: Disposable)
    {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class RefCountSink<ConnectableSource: ConnectableObservableType>: Sink<ConnectableSource.Element, ConnectableSource.Element> {
    private let parent: RefCount<ConnectableSource>
    // The connection this subscriber counted itself in; a later connection must not be released by it.
    private var connectionIdSnapshot: Int64 = -1  // guarded by the parent's `lock`

    init(parent: RefCount<ConnectableSource>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        parent.lock.lock()
        connectionIdSnapshot = parent.connectionId
        if isDisposed {
            parent.lock.unlock()
            return Disposables.create()
        }
        // The connection is made with the lock released, into a slot that disposes it at once
        // should the last subscriber leave (or the source stop) before it is made.
        var connection: SingleAssignmentDisposable?
        if parent.count == 0 {
            parent.count = 1
            let slot = SingleAssignmentDisposable()
            parent.connectableSubscription = slot
            connection = slot
        } else {
            parent.count += 1
        }
        parent.lock.unlock()
        connection?.setDisposable(parent.source.connect())

        return Disposables.create {
            subscription.dispose()
            self.parent.lock.lock()
            var disconnect: Disposable?
            if self.parent.connectionId == self.connectionIdSnapshot {
                if self.parent.count == 1 {
                    self.parent.count = 0
                    disconnect = self.parent.connectableSubscription
                    self.parent.connectableSubscription = nil
                } else if self.parent.count > 1 {
                    self.parent.count -= 1
                } else {
                    self.parent.lock.unlock()
                    rxFatalError("Something went wrong with RefCount disposing mechanism")
                }
            }
            self.parent.lock.unlock()
            disconnect?.dispose()
        }
    }

    override func next(_ element: Element) {
        forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        stop()
        forwardError(error)
        dispose()
    }

    override func completed() {
        stop()
        forwardCompleted()
        dispose()
    }

    /// The source ended: forget its connection, so the next subscriber connects anew.
    private func stop() {
        parent.lock.lock()
        var connection: Disposable?
        if parent.connectionId == connectionIdSnapshot {
            connection = parent.connectableSubscription
            parent.count = 0
            parent.connectionId = parent.connectionId &+ 1
            parent.connectableSubscription = nil
        }
        parent.lock.unlock()
        connection?.dispose()
    }
}

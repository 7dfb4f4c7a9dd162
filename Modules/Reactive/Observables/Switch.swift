extension ObservableType {
    /// Maps each value to an inner sequence and mirrors only the most recent one, disposing the previous.
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element>
    {
        Switch(source: asObservable(), selector: selector)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the most recent inner sequence, disposing the previous one when a new one arrives.
    public func switchLatest() -> Observable<Element.Element> {
        Switch(source: asObservable(), selector: { $0 })
    }
}

final private class SwitchSink<SourceElement, SourceSequence: ObservableConvertibleType>:
    SerializingSink<SourceElement, SourceSequence.Element>
{
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector
    private let sourceSubscription = SingleAssignmentDisposable()
    private let innerSubscription = SerialDisposable()

    // Guarded by `lock`. `latest` identifies the inner sequence whose events still count.
    var stopped = false
    var latest = 0
    var hasLatest = false

    init(selector: @escaping Selector, observer: ObserverNode<SourceSequence.Element>, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribeNode(self))
        return Disposables.create(sourceSubscription, innerSubscription)
    }

    override func next(_ element: SourceElement) {
        guard let (id, inner) = innerSequence(for: element) else { return }
        // Setting it disposes the previous inner subscription, outside the lock as in RxSwift.
        let subscription = SingleAssignmentDisposable()
        innerSubscription.disposable = subscription
        let observer = SwitchInnerObserver(parent: self, id: id, subscription: subscription)
        subscription.setDisposable(inner.subscribeNode(observer))
    }

    private func innerSequence(for element: SourceElement) -> (Int, Observable<SourceSequence.Element>)? {
        lock.lock()
        if isStoppedLocked {
            lock.unlock()
            return nil
        }
        do {
            let inner = try selector(element).asObservable()
            hasLatest = true
            latest = latest &+ 1
            let id = latest
            lock.unlock()
            return (id, inner)
        } catch {
            sendErrorLocked(error)
            unlockAndDeliver()
            return nil
        }
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        sendErrorLocked(error)
        unlockAndDeliver()
    }

    override func completed() {
        lock.lock()
        stopped = true
        disposeLocked(sourceSubscription)
        if !hasLatest {
            sendCompletedLocked()
        }
        unlockAndDeliver()
    }
}

final private class SwitchInnerObserver<SourceElement, SourceSequence: ObservableConvertibleType>:
    ObserverNode<SourceSequence.Element>
{
    private let parent: SwitchSink<SourceElement, SourceSequence>
    private let id: Int
    private let subscription: Disposable

    init(parent: SwitchSink<SourceElement, SourceSequence>, id: Int, subscription: Disposable) {
        self.parent = parent
        self.id = id
        self.subscription = subscription
    }

    override func next(_ element: SourceSequence.Element) {
        withoutRetaining(parent) { parent in
            parent.lock.lock()
            if parent.latest == id {
                parent.unlockAndSendNext(element)
            } else {
                parent.unlockAndDeliver()
            }
        }
    }

    override func error(_ error: Swift.Error) {
        parent.lock.lock()
        parent.disposeLocked(subscription)
        if parent.latest == id {
            parent.sendErrorLocked(error)
        }
        parent.unlockAndDeliver()
    }

    override func completed() {
        parent.lock.lock()
        parent.disposeLocked(subscription)
        if parent.latest == id {
            parent.hasLatest = false
            if parent.stopped {
                parent.sendCompletedLocked()
            }
        }
        parent.unlockAndDeliver()
    }
}

final private class Switch<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
    }

    override func run(_ observer: ObserverNode<SourceSequence.Element>, cancel: Cancelable)
        -> (sink: Disposable, subscription: Disposable)
    {
        let sink = SwitchSink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

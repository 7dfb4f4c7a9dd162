extension ObservableType {
    /// Maps each value to an inner sequence and merges the values of all inner sequences.
    public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element>
    {
        FlatMap(source: asObservable(), selector: selector, onlyWhenIdle: false)
    }

    /// Maps each value to an inner sequence, dropping values that arrive while an inner sequence runs.
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element>
    {
        FlatMap(source: asObservable(), selector: selector, onlyWhenIdle: true)
    }

    /// Maps each value to an inner sequence and concatenates them: each starts when the previous completes.
    public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element>
    {
        MergeLimited(source: asObservable(), maxConcurrent: 1, selector: selector)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the values of all inner sequences.
    public func merge() -> Observable<Element.Element> {
        FlatMap(source: asObservable(), selector: { $0 }, onlyWhenIdle: false)
    }

    /// Merges the inner sequences, running at most `maxConcurrent` at once and queueing the others.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        MergeLimited(source: asObservable(), maxConcurrent: maxConcurrent, selector: { $0 })
    }

    /// Concatenates the inner sequences: each starts when the previous one completes.
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

extension ObservableType {
    /// Merges the values of every sequence in the collection.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        MergeArray(sources: Array(sources))
    }

    /// Merges the values of every sequence in the array.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArray(sources: sources)
    }

    /// Merges the values of every given sequence.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArray(sources: sources)
    }
}

// MARK: - Shared by both merges

/// What the inner sequences of a merge report to: the serialised output, and what an inner
/// completion does (the two merges differ only there).
private class MergeSinkBase<SourceElement, Inner>: SerializingSink<SourceElement, Inner> {
    /// Called with `lock` held when the inner sequence registered under `disposeKey` completes;
    /// returns the inner sequence to subscribe to next, which the caller does once it has unlocked.
    func innerCompleted(disposeKey: CompositeDisposable.DisposeKey) -> Observable<Inner>? {
        rxAbstractMethod()
    }

    /// Subscribes to an inner sequence; call with no lock held.
    func subscribeInner(_ source: Observable<Inner>) {
        rxAbstractMethod()
    }
}

/// Forwards one inner sequence's events to its merge's serialised output.
final private class MergeInnerObserver<SourceElement, Inner>: ObserverNode<Inner> {
    private let parent: MergeSinkBase<SourceElement, Inner>
    private let disposeKey: CompositeDisposable.DisposeKey

    init(parent: MergeSinkBase<SourceElement, Inner>, disposeKey: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.disposeKey = disposeKey
    }

    override func next(_ element: Inner) {
        withoutRetaining(parent) { parent in
            parent.lock.lock()
            parent.unlockAndSendNext(element)
        }
    }

    override func error(_ error: Swift.Error) {
        parent.lock.lock()
        parent.sendErrorLocked(error)
        parent.unlockAndDeliver()
    }

    override func completed() {
        parent.lock.lock()
        let next = parent.innerCompleted(disposeKey: disposeKey)
        parent.unlockAndDeliver()
        if let next { parent.subscribeInner(next) }
    }
}

// MARK: - Unlimited merge (flatMap, flatMapFirst, merge)

final private class MergeSink<SourceElement, SourceSequence: ObservableConvertibleType>:
    MergeSinkBase<SourceElement, SourceSequence.Element>
{
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector
    // flatMapFirst: an outer value is only mapped when no inner sequence is running.
    private let onlyWhenIdle: Bool

    private let group = CompositeDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()

    // Guarded by `lock`.
    private var activeCount = 0
    private var stopped = false

    init(selector: @escaping Selector, onlyWhenIdle: Bool, observer: ObserverNode<SourceSequence.Element>, cancel: Cancelable) {
        self.selector = selector
        self.onlyWhenIdle = onlyWhenIdle
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribeNode(self))
        return group
    }

    func run(sources: [Observable<SourceSequence.Element>]) -> Disposable {
        lock.performLocked { activeCount += sources.count }
        for source in sources {
            subscribeInner(source)
        }
        lock.lock()
        stopped = true
        checkCompleted()
        unlockAndDeliver()
        return group
    }

    // Like RxSwift, the selector runs under the lock: a selector that throws must not race an inner
    // event. The inner sequence is never held in an optional: in this unspecialised code an optional
    // of it cost a runtime metadata lookup per value.
    override func next(_ element: SourceElement) {
        lock.lock()
        if isStoppedLocked || (onlyWhenIdle && activeCount != 0) {
            lock.unlock()
            return
        }
        let inner: SourceSequence
        do {
            inner = try selector(element)
        } catch {
            sendErrorLocked(error)
            unlockAndDeliver()
            return
        }
        activeCount += 1
        lock.unlock()
        subscribeInner(inner.asObservable())
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
        checkCompleted()
        unlockAndDeliver()
    }

    /// Call with `lock` held.
    private func checkCompleted() {
        if stopped && activeCount == 0 {
            sendCompletedLocked()
        }
    }

    override func innerCompleted(disposeKey: CompositeDisposable.DisposeKey) -> Observable<SourceSequence.Element>? {
        disposeLocked(GroupRemoval(group: group, key: disposeKey))
        activeCount -= 1
        checkCompleted()
        return nil
    }

    override func subscribeInner(_ source: Observable<SourceSequence.Element>) {
        // `just`: the value and the completion a subscription would deliver at once, in the same
        // order, without the subscription's five objects.
        let wasScalar = source.withScalar { element in
            lock.lock()
            unlockAndSendNext(element)
        }
        if wasScalar {
            lock.lock()
            activeCount -= 1
            checkCompleted()
            unlockAndDeliver()
            return
        }
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        let observer = MergeInnerObserver(parent: self, disposeKey: key)
        subscription.setDisposable(source.subscribeNode(observer))
    }
}

final private class FlatMap<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector
    private let onlyWhenIdle: Bool

    init(source: Observable<SourceElement>, selector: @escaping Selector, onlyWhenIdle: Bool) {
        self.source = source
        self.selector = selector
        self.onlyWhenIdle = onlyWhenIdle
    }

    override func run(_ observer: ObserverNode<SourceSequence.Element>, cancel: Cancelable)
        -> (sink: Disposable, subscription: Disposable)
    {
        let sink = MergeSink(selector: selector, onlyWhenIdle: onlyWhenIdle, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

final private class MergeArray<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = MergeSink<Observable<Element>, Observable<Element>>(
            selector: { $0 }, onlyWhenIdle: false, observer: observer, cancel: cancel)
        let subscription = sink.run(sources: sources)
        return (sink, subscription)
    }
}

// MARK: - Limited merge (merge(maxConcurrent:), concat(), concatMap)

final private class MergeLimitedSink<SourceElement, SourceSequence: ObservableConvertibleType>:
    MergeSinkBase<SourceElement, SourceSequence.Element>
{
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector
    private let maxConcurrent: Int

    private let sourceSubscription = SingleAssignmentDisposable()
    private let group = CompositeDisposable()

    // Guarded by `lock`.
    private var stopped = false
    private var activeCount = 0
    private var queue = ElementQueue<SourceSequence>()

    init(selector: @escaping Selector, maxConcurrent: Int, observer: ObserverNode<SourceSequence.Element>, cancel: Cancelable) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribeNode(self))
        return group
    }

    // The selector runs under the lock, as in RxSwift; a value over the limit is mapped now and
    // queued. No optional holds the inner sequence (see `MergeSink.next`).
    override func next(_ element: SourceElement) {
        lock.lock()
        if isStoppedLocked {
            lock.unlock()
            return
        }
        let inner: SourceSequence
        do {
            inner = try selector(element)
        } catch {
            sendErrorLocked(error)
            unlockAndDeliver()
            return
        }
        guard activeCount < maxConcurrent else {
            queue.enqueue(inner)
            lock.unlock()
            return
        }
        activeCount += 1
        lock.unlock()
        subscribeInner(inner.asObservable())
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        sendErrorLocked(error)
        unlockAndDeliver()
    }

    override func completed() {
        lock.lock()
        if activeCount == 0 {
            sendCompletedLocked()
        } else {
            disposeLocked(sourceSubscription)
        }
        stopped = true
        unlockAndDeliver()
    }

    /// Call with `lock` held.
    override func innerCompleted(disposeKey: CompositeDisposable.DisposeKey) -> Observable<SourceSequence.Element>? {
        disposeLocked(GroupRemoval(group: group, key: disposeKey))
        if let next = queue.dequeue() {
            return next.asObservable()
        }
        activeCount -= 1
        if stopped && activeCount == 0 {
            sendCompletedLocked()
        }
        return nil
    }

    override func subscribeInner(_ inner: Observable<SourceSequence.Element>) {
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        let observer = MergeInnerObserver(parent: self, disposeKey: key)
        subscription.setDisposable(inner.subscribeNode(observer))
    }
}

final private class MergeLimited<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let maxConcurrent: Int
    private let selector: Selector

    init(source: Observable<SourceElement>, maxConcurrent: Int, selector: @escaping Selector) {
        self.source = source
        self.maxConcurrent = maxConcurrent
        self.selector = selector
    }

    override func run(_ observer: ObserverNode<SourceSequence.Element>, cancel: Cancelable)
        -> (sink: Disposable, subscription: Disposable)
    {
        let sink = MergeLimitedSink(selector: selector, maxConcurrent: maxConcurrent, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

/// Removes (and so disposes) one inner subscription from a merge's group, once the merge's lock is released.
final private class GroupRemoval: Disposable {
    private let group: CompositeDisposable
    private let key: CompositeDisposable.DisposeKey

    init(group: CompositeDisposable, key: CompositeDisposable.DisposeKey) {
        self.group = group
        self.key = key
    }

    func dispose() {
        group.remove(for: key)
    }
}

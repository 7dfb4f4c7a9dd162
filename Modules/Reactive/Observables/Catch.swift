extension ObservableType {
    /// On error, continues with the sequence `handler` returns for it; a thrown error ends the sequence.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        Catch(source: asObservable(), handler: handler)
    }

    /// On error, continues with the sequence `handler` returns for it; a thrown error ends the sequence.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        `catch`(handler)
    }

    /// On error, emits `element` and completes.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        Catch(source: asObservable(), handler: { _ in Observable.just(element) })
    }

    /// On error, emits `element` and completes.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }

    /// Subscribes to each sequence in turn while they fail; ends with a completion or the last error.
    public static func `catch`<Sources: Swift.Sequence>(sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        CatchSequence(sources: sequence)
    }

    /// Subscribes to each sequence in turn while they fail; ends with a completion or the last error.
    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sources: Swift.Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        `catch`(sequence: sequence)
    }
}

// MARK: - catch(_:)

final private class Catch<Element>: Producer<Element> {
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    fileprivate let source: Observable<Element>
    fileprivate let handler: Handler

    init(source: Observable<Element>, handler: @escaping Handler) {
        self.source = source
        self.handler = handler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = CatchSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class CatchSink<Element>: Sink<Element, Element> {
    private let parent: Catch<Element>
    private let subscription = SerialDisposable()

    init(parent: Catch<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        subscription.disposable = sourceSubscription
        sourceSubscription.setDisposable(parent.source.subscribeNode(self))
        return subscription
    }

    override func next(_ element: Element) {
        forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        do {
            let fallback = try parent.handler(error)
            // Replacing the serial disposable ends the failed subscription after the fallback's starts.
            subscription.disposable = fallback.subscribeNode(CatchFallbackObserver(sink: self))
        } catch {
            forwardError(error)
            dispose()
        }
    }
}

/// Passes the fallback sequence's events downstream.
final private class CatchFallbackObserver<Element>: ObserverNode<Element> {
    private let sink: CatchSink<Element>

    init(sink: CatchSink<Element>) {
        self.sink = sink
    }

    override func next(_ element: Element) {
        sink.forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        sink.forwardError(error)
        sink.dispose()
    }

    override func completed() {
        sink.forwardCompleted()
        sink.dispose()
    }
}

// MARK: - catch(sequence:), retry

/// Subscribes to the sources of a sequence one after another (`catch(sequence:)`, `retry`).
final class CatchSequence<Element>: Producer<Element> {
    private let makeIterator: () -> () -> Observable<Element>?

    init<Sources: Swift.Sequence>(sources: Sources) where Sources.Element == Observable<Element> {
        makeIterator = {
            var iterator = sources.makeIterator()
            return { iterator.next() }
        }
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = CatchSequenceSink(nextSource: makeIterator(), observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

/// Moves through a sequence of sources, one subscription at a time, as a loop (RxSwift's
/// `TailRecursiveSink`): a source that fails synchronously during its subscription does not make
/// the stack grow, since the move to the next source waits for the current move to return.
class SourceIterationSink<Element>: Sink<Element, Element> {
    private let nextSource: () -> Observable<Element>?
    /// The subscription to the current source.
    final let subscription = SerialDisposable()

    // Moves requested from any thread run one at a time, on the thread that holds the gate.
    private let gateLock = Lock()
    private var executing = false  // guarded by `gateLock`
    private var pendingMoves = 0  // guarded by `gateLock`
    private var gateClosed = false  // guarded by `gateLock`

    init(nextSource: @escaping () -> Observable<Element>?, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.nextSource = nextSource
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        scheduleMoveNext()
        return subscription
    }

    /// Subscribes to the next source, now or once the move in progress returns.
    final func scheduleMoveNext() {
        gateLock.lock()
        if gateClosed || executing {
            if !gateClosed { pendingMoves += 1 }
            gateLock.unlock()
            return
        }
        executing = true
        gateLock.unlock()

        while true {
            moveNext()
            gateLock.lock()
            if pendingMoves > 0 && !gateClosed {
                pendingMoves -= 1
                gateLock.unlock()
                continue
            }
            executing = false
            gateLock.unlock()
            return
        }
    }

    /// Runs while holding the gate, so `nextSource` is used by one thread at a time.
    private func moveNext() {
        if isDisposed { return }
        guard let source = nextSource() else {
            done()
            return
        }
        let current = SingleAssignmentDisposable()
        subscription.disposable = current
        current.setDisposable(subscribeToNext(source))
    }

    /// Subscribes to one source.
    func subscribeToNext(_ source: Observable<Element>) -> Disposable { rxAbstractMethod() }

    /// Called when there is no source left.
    func done() { rxAbstractMethod() }

    override func dispose() {
        super.dispose()
        subscription.dispose()
        gateLock.performLocked {
            gateClosed = true
            pendingMoves = 0
        }
    }
}

final private class CatchSequenceSink<Element>: SourceIterationSink<Element> {
    private let lock = Lock()
    private var lastError: Swift.Error?  // guarded by `lock`: consecutive sources may fail on different threads

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        source.subscribeNode(self)
    }

    override func next(_ element: Element) {
        forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        lock.performLocked { lastError = error }
        scheduleMoveNext()
    }

    override func done() {
        if let lastError = lock.performLocked({ lastError }) {
            forwardError(lastError)
        } else {
            forwardCompleted()
        }
        dispose()
    }
}

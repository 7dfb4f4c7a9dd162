extension ObservableType where Element: EventConvertible {
    /// Turns a sequence of events back into values, handing each error event to `handler` instead of
    /// failing: the handler's sequence runs alongside (its values are dropped, its error fails the
    /// result), and the result completes once the source and every handler sequence have completed.
    ///
    /// The same as `flatMap` over the events with `.next(x)` as `just(x)`, `.error(e)` as `handler(e)`
    /// with its values dropped, and `.completed` as `empty()`.
    public func flatMapError(_ handler: @escaping (Swift.Error) -> Observable<Void>) -> Observable<Element.Element> {
        FlatMapError(source: asObservable(), handler: handler)
    }
}

final private class FlatMapErrorSink<T: EventConvertible>: Sink<T, T.Element> {
    typealias Handler = (Swift.Error) -> Observable<Void>

    private let handler: Handler
    // Recursive: events are forwarded while holding it, and an observer may send into the source.
    // It guards `activeCount` and `stopped` and serialises the source's events with the handlers'.
    fileprivate let lock = Lock(recursive: true)
    fileprivate let group = CompositeDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()
    private var activeCount = 0
    private var stopped = false

    init(handler: @escaping Handler, observer: ObserverNode<T.Element>, cancel: Cancelable) {
        self.handler = handler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<T>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribeNode(self))
        return group
    }

    override func next(_ element: T) {
        let inner: Observable<Void>? = lock.performLocked {
            switch element.event {
            case .next(let value):
                // `just(value)`: sent and finished at once.
                forwardNext(value)
                return nil
            case .error(let error):
                // Counted under the lock, before the handler's sequence subscribes, so that a
                // source completing meanwhile waits for it (as RxSwift's merge does).
                let inner = handler(error)
                activeCount += 1
                return inner
            case .completed:
                // `empty()`: adds nothing.
                return nil
            }
        }
        guard let inner else { return }
        let innerSubscription = SingleAssignmentDisposable()
        guard let key = group.insert(innerSubscription) else { return }
        innerSubscription.setDisposable(inner.subscribeNode(FlatMapErrorHandlerObserver(parent: self, key: key)))
    }

    override func error(_ error: Swift.Error) {
        lock.performLocked {
            forwardError(error)
            dispose()
        }
    }

    override func completed() {
        lock.performLocked {
            stopped = true
            sourceSubscription.dispose()
            checkCompleted()
        }
    }

    /// Called under `lock` when a handler's sequence completes.
    fileprivate func handlerCompleted(key: CompositeDisposable.DisposeKey) {
        group.remove(for: key)
        activeCount -= 1
        checkCompleted()
    }

    private func checkCompleted() {
        if stopped && activeCount == 0 {
            forwardCompleted()
            dispose()
        }
    }
}

final private class FlatMapErrorHandlerObserver<T: EventConvertible>: ObserverNode<Void> {
    private let parent: FlatMapErrorSink<T>
    private let key: CompositeDisposable.DisposeKey

    init(parent: FlatMapErrorSink<T>, key: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.key = key
    }

    override func next(_ element: Void) {}

    override func error(_ error: Swift.Error) {
        parent.lock.performLocked {
            parent.forwardError(error)
            parent.dispose()
        }
    }

    override func completed() {
        parent.lock.performLocked { parent.handlerCompleted(key: key) }
    }
}

final private class FlatMapError<T: EventConvertible>: Producer<T.Element> {
    private let source: Observable<T>
    private let handler: (Swift.Error) -> Observable<Void>

    init(source: Observable<T>, handler: @escaping (Swift.Error) -> Observable<Void>) {
        self.source = source
        self.handler = handler
    }

    override func run(_ observer: ObserverNode<T.Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = FlatMapErrorSink<T>(handler: handler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink, subscription)
    }
}

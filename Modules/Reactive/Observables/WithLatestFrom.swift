extension ObservableType {
    /// Combines each value with the latest value of `second` using `resultSelector`, once `second` has one.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// Emits the latest value of `second` on each value of this sequence, once `second` has one.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: { $1 })
    }
}

final private class WithLatestFromSink<First, Second, Result>: SerializingSink<First, Result> {
    typealias ResultSelector = (First, Second) throws -> Result

    private let resultSelector: ResultSelector

    // Guarded by `lock`.
    var latest: Second?

    init(resultSelector: @escaping ResultSelector, observer: ObserverNode<Result>, cancel: Cancelable) {
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    func run(first: Observable<First>, second: Observable<Second>) -> Disposable {
        // `second` first, as in RxSwift, so a synchronous `second` is already known to `first`'s values.
        let secondSubscription = SingleAssignmentDisposable()
        let secondObserver = WithLatestFromSecondObserver(parent: self, subscription: secondSubscription)
        secondSubscription.setDisposable(second.subscribeNode(secondObserver))
        let firstSubscription = first.subscribeNode(self)
        return Disposables.create(firstSubscription, secondSubscription)
    }

    override func next(_ element: First) {
        lock.lock()
        if let latest, !isStoppedLocked {
            do {
                unlockAndSendNext(try resultSelector(element, latest))
                return
            } catch {
                sendErrorLocked(error)
            }
        }
        unlockAndDeliver()
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        sendErrorLocked(error)
        unlockAndDeliver()
    }

    override func completed() {
        lock.lock()
        sendCompletedLocked()
        unlockAndDeliver()
    }
}

final private class WithLatestFromSecondObserver<First, Second, Result>: ObserverNode<Second> {
    private let parent: WithLatestFromSink<First, Second, Result>
    private let subscription: Disposable

    init(parent: WithLatestFromSink<First, Second, Result>, subscription: Disposable) {
        self.parent = parent
        self.subscription = subscription
    }

    override func next(_ element: Second) {
        parent.lock.lock()
        parent.latest = element
        parent.lock.unlock()
    }

    override func error(_ error: Swift.Error) {
        parent.lock.lock()
        parent.sendErrorLocked(error)
        parent.unlockAndDeliver()
    }

    override func completed() {
        // The last value stays usable: completion of `second` only ends its subscription.
        subscription.dispose()
    }
}

final private class WithLatestFrom<First, Second, Result>: Producer<Result> {
    typealias ResultSelector = (First, Second) throws -> Result

    private let first: Observable<First>
    private let second: Observable<Second>
    private let resultSelector: ResultSelector

    init(first: Observable<First>, second: Observable<Second>, resultSelector: @escaping ResultSelector) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
    }

    override func run(_ observer: ObserverNode<Result>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = WithLatestFromSink(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(first: first, second: second)
        return (sink, subscription)
    }
}

extension ObservableType {
    /// Resubscribes to the source after each error, for as long as it fails.
    public func retry() -> Observable<Element> {
        CatchSequence(sources: Swift.repeatElement(asObservable(), count: Int.max))
    }

    /// Subscribes to the source up to `maxAttemptCount` times in all while it fails, then passes its error on.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        CatchSequence(sources: Swift.repeatElement(asObservable(), count: maxAttemptCount))
    }

    /// Resubscribes after an `Error` when the handler's sequence of the errors emits; other errors end it.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
    }

    /// Resubscribes after an error when the handler's sequence made from the errors emits a value.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
    }

    /// Resubscribes after an `Error` when the handler's sequence of the errors emits; other errors end it.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Resubscribes after an error when the handler's sequence made from the errors emits a value.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }
}

final private class RetryWhen<Element, TriggerObservable: ObservableType, Failure: Swift.Error>: Producer<Element> {
    typealias NotificationHandler = (Observable<Failure>) -> TriggerObservable

    fileprivate let source: Observable<Element>
    fileprivate let notificationHandler: NotificationHandler

    init(source: Observable<Element>, notificationHandler: @escaping NotificationHandler) {
        self.source = source
        self.notificationHandler = notificationHandler
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = RetryWhenSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class RetryWhenSink<Element, TriggerObservable: ObservableType, Failure: Swift.Error>: SourceIterationSink<Element> {
    /// The errors, as the notification handler sees them.
    fileprivate let errorSubject = PublishSubject<Failure>()
    /// The handler's sequence, shared so that each failed attempt can wait for its next event.
    fileprivate let notifier = PublishSubject<TriggerObservable.Element>()
    private let handler: Observable<TriggerObservable.Element>

    private let lock = Lock()
    private var lastError: Swift.Error?  // guarded by `lock`: the trigger may fire on another thread

    init(parent: RetryWhen<Element, TriggerObservable, Failure>, observer: ObserverNode<Element>, cancel: Cancelable) {
        let source = parent.source
        handler = parent.notificationHandler(errorSubject).asObservable()
        super.init(nextSource: { source }, observer: observer, cancel: cancel)
    }

    fileprivate var lastErrorValue: Swift.Error? {
        get { lock.performLocked { lastError } }
        set { lock.performLocked { lastError = newValue } }
    }

    override func run() -> Disposable {
        let triggerSubscription = handler.subscribe(notifier)
        let iterationSubscription = super.run()
        return Disposables.create(iterationSubscription, triggerSubscription)
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        let subscription = SingleAssignmentDisposable()
        let attempt = RetryWhenAttempt(parent: self, subscription: subscription)
        subscription.setDisposable(source.subscribeNode(attempt))
        return attempt
    }

    override func done() {
        if let lastError = lastErrorValue {
            forwardError(lastError)
            lastErrorValue = nil
        } else {
            forwardCompleted()
        }
        dispose()
    }
}

/// Observes one subscription to the source; on error, waits for the trigger.
final private class RetryWhenAttempt<Element, TriggerObservable: ObservableType, Failure: Swift.Error>: ObserverNode<Element>, Disposable {
    fileprivate let parent: RetryWhenSink<Element, TriggerObservable, Failure>
    private let subscription: Disposable
    private let triggerSubscription = SingleAssignmentDisposable()

    init(parent: RetryWhenSink<Element, TriggerObservable, Failure>, subscription: Disposable) {
        self.parent = parent
        self.subscription = subscription
    }

    override func next(_ element: Element) {
        parent.forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        parent.lastErrorValue = error
        guard let failure = error as? Failure else {
            parent.forwardError(error)
            parent.dispose()
            return
        }
        subscription.dispose()
        triggerSubscription.setDisposable(parent.notifier.subscribeNode(RetryTrigger(parent: parent)))
        parent.errorSubject.onNext(failure)
    }

    override func completed() {
        parent.forwardCompleted()
        parent.dispose()
    }

    func dispose() {
        subscription.dispose()
        triggerSubscription.dispose()
    }
}

/// The handler's answer to one error: a value retries, a stop event ends the result.
final private class RetryTrigger<Element, TriggerObservable: ObservableType, Failure: Swift.Error>: ObserverNode<TriggerObservable.Element>
{
    private let parent: RetryWhenSink<Element, TriggerObservable, Failure>

    init(parent: RetryWhenSink<Element, TriggerObservable, Failure>) {
        self.parent = parent
    }

    override func next(_ element: TriggerObservable.Element) {
        parent.lastErrorValue = nil
        parent.scheduleMoveNext()
    }

    override func error(_ error: Swift.Error) {
        parent.forwardError(error)
        parent.dispose()
    }

    override func completed() {
        parent.forwardCompleted()
        parent.dispose()
    }
}

extension ObservableType {
    /// Splits the values into window sequences, each closed once it holds `count` values or `timeSpan` after it opened.
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        WindowTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

final private class WindowTimeCount<Element>: Producer<Observable<Element>> {
    fileprivate let source: Observable<Element>
    fileprivate let timeSpan: RxTimeInterval
    fileprivate let count: Int
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
    }

    override func run(_ observer: ObserverNode<Observable<Element>>, cancel: Cancelable)
        -> (sink: Disposable, subscription: Disposable)
    {
        let sink = WindowTimeCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class WindowTimeCountSink<Element>: TimedWindowSink<Element, Observable<Element>> {
    private let parent: WindowTimeCount<Element>
    private let groupDisposable = CompositeDisposable()
    // Keeps the source subscribed while a window is still observed, even after the outer
    // subscription is disposed.
    private let refCountDisposable: RefCountDisposable

    // Serialised: the timer's thread and the source's meet here. A window's values, its end and
    // the next window all go out as deliveries, in the order decided under `lock`.
    private var subject = PublishSubject<Element>()  // guarded by `lock`
    private var count = 0  // guarded by `lock`

    init(parent: WindowTimeCount<Element>, observer: ObserverNode<Observable<Element>>, cancel: Cancelable) {
        self.parent = parent
        refCountDisposable = RefCountDisposable(disposable: groupDisposable)
        super.init(timeSpan: parent.timeSpan, scheduler: parent.scheduler, observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        _ = groupDisposable.insert(Disposables.create { self.disposeTimer() })
        lock.lock()
        announce(subject)
        let firstWindow = currentWindowLocked
        unlockAndDeliver()
        startTimer(firstWindow)
        _ = groupDisposable.insert(parent.source.subscribeNode(self))
        return refCountDisposable
    }

    /// Called under `lock`: queues the delivery of a new window downstream.
    private func announce(_ subject: PublishSubject<Element>) {
        let window = WindowAddRef(source: subject, refCount: refCountDisposable)
        sendLocked { self.forwardNext(window) }
    }

    /// Completes the current window and announces the next. Called under `lock`.
    override func closeWindowLocked() {
        count = 0
        let finished = subject
        sendLocked { finished.on(.completed) }
        subject = PublishSubject<Element>()
        announce(subject)
    }

    override func next(_ element: Element) {
        lock.lock()
        var next: Int?
        if !isStoppedLocked {
            let current = subject
            sendLocked { current.onNext(element) }
            count += 1
            if count == parent.count { next = nextWindowLocked() }
        }
        unlockAndDeliver()
        if let next { startTimer(next) }
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        let current = subject
        sendLocked { current.on(.error(error)) }
        sendErrorLocked(error)
        unlockAndDeliver()
    }

    override func completed() {
        lock.lock()
        let current = subject
        sendLocked { current.on(.completed) }
        sendCompletedLocked()
        unlockAndDeliver()
    }
}

/// A window: its subscribers hold a reference on the shared source subscription (RxSwift's `AddRef`).
final private class WindowAddRef<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let refCount: RefCountDisposable

    init(source: Observable<Element>, refCount: RefCountDisposable) {
        self.source = source
        self.refCount = refCount
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let release = refCount.retain()
        let sink = WindowAddRefSink(observer: observer, cancel: cancel)
        let subscription = Disposables.create(release, source.subscribeNode(sink))
        return (sink, subscription)
    }
}

final private class WindowAddRefSink<Element>: Sink<Element, Element> {
    override func next(_ element: Element) {
        forwardNext(element)
    }
}

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
    -> (sink: Disposable, subscription: Disposable) {
        let sink = WindowTimeCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

final private class WindowTimeCountSink<Element>: Sink<Element, Observable<Element>> {
    private let parent: WindowTimeCount<Element>
    private let timer = SerialDisposable()
    private let groupDisposable = CompositeDisposable()
    // Keeps the source subscribed while a window is still observed, even after the outer
    // subscription is disposed.
    private let refCountDisposable: WindowRefCountDisposable

    // Events are forwarded under the lock, as RxSwift does, so it is recursive. The timer's thread
    // and the source's meet here.
    private let lock = Lock(.recursive)
    private var subject = PublishSubject<Element>() // guarded by `lock`
    private var count = 0 // guarded by `lock`
    private var windowId = 0 // guarded by `lock`

    init(parent: WindowTimeCount<Element>, observer: ObserverNode<Observable<Element>>, cancel: Cancelable) {
        self.parent = parent
        _ = groupDisposable.insert(timer)
        refCountDisposable = WindowRefCountDisposable(disposable: groupDisposable)
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let firstWindowId: Int = lock.performLocked {
            forwardNext(WindowAddRef(source: subject, refCount: refCountDisposable))
            return windowId
        }
        createTimer(firstWindowId)
        _ = groupDisposable.insert(parent.source.subscribeNode(self))
        return refCountDisposable
    }

    /// Called under `lock`.
    private func startNewWindowAndCompleteCurrentOne() {
        subject.on(.completed)
        subject = PublishSubject<Element>()
        forwardNext(WindowAddRef(source: subject, refCount: refCountDisposable))
    }

    override func next(_ element: Element) {
        let newId: Int? = lock.performLocked {
            subject.onNext(element)
            count += 1
            if count != parent.count { return nil }
            count = 0
            windowId += 1
            startNewWindowAndCompleteCurrentOne()
            return windowId
        }
        if let newId { createTimer(newId) }
    }

    override func error(_ error: Swift.Error) {
        lock.lock()
        defer { lock.unlock() }
        subject.on(.error(error))
        forwardError(error)
        dispose()
    }

    override func completed() {
        lock.lock()
        defer { lock.unlock() }
        subject.on(.completed)
        forwardCompleted()
        dispose()
    }

    private func createTimer(_ windowId: Int) {
        if timer.isDisposed { return }
        let isCurrent = lock.performLocked { self.windowId == windowId }
        if !isCurrent { return }
        let nextTimer = SingleAssignmentDisposable()
        timer.disposable = nextTimer
        let scheduled = parent.scheduler.scheduleRelative(windowId, dueTime: parent.timeSpan) { previousWindowId in
            let newId: Int? = self.lock.performLocked {
                if previousWindowId != self.windowId { return nil }
                self.count = 0
                self.windowId = self.windowId &+ 1
                self.startNewWindowAndCompleteCurrentOne()
                return self.windowId
            }
            if let newId { self.createTimer(newId) }
            return Disposables.create()
        }
        nextTimer.setDisposable(scheduled)
    }
}

/// A window: its subscribers hold a reference on the shared source subscription (RxSwift's `AddRef`).
final private class WindowAddRef<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let refCount: WindowRefCountDisposable

    init(source: Observable<Element>, refCount: WindowRefCountDisposable) {
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

/// Disposes the underlying disposable once it is disposed itself and every reference taken with
/// `retain()` is released (RxSwift's `RefCountDisposable`).
final private class WindowRefCountDisposable: Cancelable {
    private let lock = Lock()
    private var disposable: Disposable? // guarded by `lock`; nil once disposed
    private var primaryDisposed = false // guarded by `lock`
    private var count = 0 // guarded by `lock`

    init(disposable: Disposable) {
        self.disposable = disposable
    }

    var isDisposed: Bool { lock.performLocked { disposable == nil } }

    /// Takes a reference; disposing the result releases it.
    func retain() -> Disposable {
        let retained: Bool = lock.performLocked {
            if disposable == nil { return false }
            count += 1
            return true
        }
        guard retained else { return Disposables.create() }
        return Disposables.create(with: release)
    }

    func dispose() {
        let toDispose: Disposable? = lock.performLocked {
            guard let disposable, !primaryDisposed else { return nil }
            primaryDisposed = true
            if count != 0 { return nil }
            self.disposable = nil
            return disposable
        }
        toDispose?.dispose()
    }

    private func release() {
        let toDispose: Disposable? = lock.performLocked {
            guard let disposable else { return nil }
            count -= 1
            if count != 0 || !primaryDisposed { return nil }
            self.disposable = nil
            return disposable
        }
        toDispose?.dispose()
    }
}

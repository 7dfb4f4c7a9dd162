import Synchronization

extension ObservableType {
    /// Subscribes a closure to every event.
    // Inlinable so that the value's event is built in the caller's code, compiled for its element
    // type: built in the library's generic code, it cost a runtime metadata lookup per value.
    @inlinable
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribePreparedNode(AnonymousObserver(on, next: { on(.next($0)) }))
    }

    /// Subscribes closures to values, the error, completion and disposal; an error with no
    /// `onError` goes to `Hooks.defaultErrorHandler`.
    // Inlinable for its common case (no `onDisposed`, no call stacks recorded): the observer is
    // then allocated in the caller's code, compiled for its element type, which finds the
    // observer's generic metadata in a cache of its own; the library's code, compiled once for
    // every element type, asked the runtime for it on every subscription.
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        guard onDisposed == nil, !Hooks.recordCallStackOnError else {
            return subscribeClosures(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        }
        if let onNext, onError == nil, onCompleted == nil {
            return subscribePreparedNode(NextObserver(onNext))
        }
        return subscribePreparedNode(
            ClosureObserver(onNext: onNext, onError: onError, onCompleted: onCompleted))
    }

    /// Subscribes an observer node the caller made.
    @usableFromInline
    func subscribePreparedNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        asObservable().subscribeNode(consume observer)
    }

    /// `subscribe(onNext:onError:onCompleted:onDisposed:)` with an `onDisposed` or a call stack to record.
    @usableFromInline
    func subscribeClosures(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
    ) -> Disposable {
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        guard let onDisposed else {
            let observer = ClosureObserver<Element>(
                onNext: onNext, onError: onError, onCompleted: onCompleted, disposable: nil, callStack: callStack)
            return asObservable().subscribeNode(observer)
        }
        let disposable = AnonymousDisposable(onDisposed)
        let observer = ClosureObserver<Element>(
            onNext: onNext, onError: onError, onCompleted: onCompleted, disposable: disposable, callStack: callStack)
        return ObservedSubscription(subscription: asObservable().subscribeNode(observer), onDisposed: disposable)
    }

    /// Subscribes closures that receive `object` (held weakly) with each event; nothing is called
    /// once `object` is gone.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] value in
                guard let object else { return }
                onNext?(object, value)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}

/// A subscription with an `onDisposed` action: disposing it ends the subscription, then runs the
/// action. The observer runs the action when the sequence terminates, so the action having run
/// means the subscription has ended, which a `DisposeBag` uses to let go of it.
final class ObservedSubscription: Cancelable, @unchecked Sendable {  // the `disposed` atomic hands `subscription` to one disposer
    private let disposed = Atomic<Bool>(false)
    private let subscription: Disposable
    private let onDisposed: AnonymousDisposable

    init(subscription: Disposable, onDisposed: AnonymousDisposable) {
        self.subscription = subscription
        self.onDisposed = onDisposed
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Whether the subscription ended, by disposal or by its sequence terminating.
    var hasEnded: Bool { onDisposed.isDisposed }

    func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
        subscription.dispose()
        onDisposed.dispose()
    }
}

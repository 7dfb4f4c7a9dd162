extension ObservableType {
    /// Subscribes a closure to every event.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribeNode(AnonymousObserver(on))
    }

    /// Subscribes closures to values, the error, completion and disposal; an error with no
    /// `onError` goes to `Hooks.defaultErrorHandler`.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        guard let onDisposed else {
            let observer = ClosureObserver<Element>(
                onNext: onNext, onError: onError, onCompleted: onCompleted, disposable: nil, callStack: callStack)
            return asObservable().subscribeNode(observer)
        }
        let disposable = Disposables.create(with: onDisposed)
        let observer = ClosureObserver<Element>(
            onNext: onNext, onError: onError, onCompleted: onCompleted, disposable: disposable, callStack: callStack)
        return Disposables.create(asObservable().subscribeNode(observer), disposable)
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

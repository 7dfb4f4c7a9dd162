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
        let disposable: Disposable = onDisposed.map { Disposables.create(with: $0) } ?? Disposables.create()
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let observer = ClosureObserver<Element>(
            onNext: onNext,
            onError: { error in
                if let onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            },
            onCompleted: {
                onCompleted?()
                disposable.dispose()
            }
        )
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

extension ObservableType {
    /// Calls the given closures around each event and at subscription and disposal, passing the
    /// events on unchanged; an error thrown by an event closure is sent as the sequence's error.
    ///
    /// Order per event: `onNext`/`onError`/`onCompleted`, the event downstream, then
    /// `afterNext`/`afterError`/`afterCompleted`. Per subscription: `onSubscribe`, the source is
    /// subscribed, `onSubscribed`; at disposal the source subscription ends, then `onDispose`.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Do(
            source: asObservable(),
            handlers: DoHandlers(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted),
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
    }
}

private struct DoHandlers<Element> {
    let onNext: ((Element) throws -> Void)?
    let afterNext: ((Element) throws -> Void)?
    let onError: ((Swift.Error) throws -> Void)?
    let afterError: ((Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let afterCompleted: (() throws -> Void)?
}

final private class DoSink<Element>: Sink<Element, Element> {
    private let handlers: DoHandlers<Element>

    init(handlers: DoHandlers<Element>, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.handlers = handlers
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        do {
            try handlers.onNext?(element)
            forwardNext(element)
            try handlers.afterNext?(element)
        } catch {
            forwardError(error)
            dispose()
        }
    }

    override func error(_ error: Swift.Error) {
        do {
            try handlers.onError?(error)
            forwardError(error)
            try handlers.afterError?(error)
            dispose()
        } catch let thrown {
            forwardError(thrown)
            dispose()
        }
    }

    override func completed() {
        do {
            try handlers.onCompleted?()
            forwardCompleted()
            try handlers.afterCompleted?()
            dispose()
        } catch {
            // As RxSwift: an error thrown by `afterCompleted` is still sent; a downstream observer
            // that has already stopped ignores it.
            forwardError(error)
            dispose()
        }
    }
}

final private class Do<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let handlers: DoHandlers<Element>
    private let onSubscribe: (() -> Void)?
    private let onSubscribed: (() -> Void)?
    private let onDispose: (() -> Void)?

    init(
        source: Observable<Element>, handlers: DoHandlers<Element>,
        onSubscribe: (() -> Void)?, onSubscribed: (() -> Void)?, onDispose: (() -> Void)?
    ) {
        self.source = source
        self.handlers = handlers
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        onSubscribe?()
        let sink = DoSink(handlers: handlers, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        onSubscribed?()
        guard let onDispose else { return (sink, subscription) }
        let all = Disposables.create {
            subscription.dispose()
            onDispose()
        }
        return (sink, all)
    }
}

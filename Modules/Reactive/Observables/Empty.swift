extension ObservableType {
    /// A sequence that completes at once.
    public static func empty() -> Observable<Element> { EmptyProducer() }

    /// A sequence that never sends anything.
    public static func never() -> Observable<Element> { NeverProducer() }

    /// A sequence that fails at once with `error`.
    public static func error(_ error: Swift.Error) -> Observable<Element> { ErrorProducer(error: error) }
}

final private class EmptyProducer<Element>: Producer<Element> {
    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        observer.completed()
        return Disposables.create()
    }
}

final private class NeverProducer<Element>: Producer<Element> {
    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        Disposables.create()
    }
}

final private class ErrorProducer<Element>: Producer<Element> {
    private let error: Swift.Error

    init(error: Swift.Error) {
        self.error = error
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        observer.error(error)
        return Disposables.create()
    }
}

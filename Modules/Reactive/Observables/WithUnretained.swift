extension ObservableType {
    /// Combines each value with `obj`, held weakly; the first value that arrives after `obj` is gone
    /// completes the sequence instead.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        WithUnretained(source: asObservable(), object: obj, resultSelector: resultSelector)
    }

    /// Pairs each value with `obj`, held weakly; the first value that arrives after `obj` is gone
    /// completes the sequence instead.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}

final private class WithUnretainedSink<Element, Object: AnyObject, Out>: Sink<Element, Out> {
    private weak var object: Object?
    private let resultSelector: (Object, Element) -> Out

    init(object: Object?, resultSelector: @escaping (Object, Element) -> Out, observer: ObserverNode<Out>, cancel: Cancelable) {
        self.object = object
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        guard let object else {
            // RxSwift completes here (its `map` throws and a `catch` turns that error into `empty`).
            forwardCompleted()
            dispose()
            return
        }
        forwardNext(resultSelector(object, element))
    }
}

final private class WithUnretained<Element, Object: AnyObject, Out>: Producer<Out> {
    private let source: Observable<Element>
    private weak var object: Object?
    private let resultSelector: (Object, Element) -> Out

    init(source: Observable<Element>, object: Object, resultSelector: @escaping (Object, Element) -> Out) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
    }

    override func run(_ observer: ObserverNode<Out>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = WithUnretainedSink(object: object, resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

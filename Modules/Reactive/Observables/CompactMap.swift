extension ObservableType {
    /// Transforms each value and passes on the non-nil results; a thrown error ends the sequence with it.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMap(source: asObservable(), transform: transform)
    }
}

final private class CompactMapSink<SourceType, ResultType>: Sink<SourceType, ResultType> {
    typealias Transform = (SourceType) throws -> ResultType?

    private let transform: Transform

    init(transform: @escaping Transform, observer: ObserverNode<ResultType>, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: SourceType) {
        let mapped: ResultType?
        do {
            mapped = try transform(element)
        } catch {
            forwardError(error)
            dispose()
            return
        }
        if let mapped { forwardNext(mapped) }
    }
}

final private class CompactMap<SourceType, ResultType>: Producer<ResultType> {
    typealias Transform = (SourceType) throws -> ResultType?

    private let source: Observable<SourceType>
    private let transform: Transform

    init(source: Observable<SourceType>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
    }

    override func run(_ observer: ObserverNode<ResultType>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = CompactMapSink(transform: transform, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

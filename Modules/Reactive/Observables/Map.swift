extension ObservableType {
    /// Transforms each value; a thrown error ends the sequence with that error.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        Map(source: asObservable(), transform: transform)
    }
}

final private class MapSink<SourceType, ResultType>: Sink<SourceType, ResultType> {
    typealias Transform = (SourceType) throws -> ResultType

    private let transform: Transform

    init(transform: @escaping Transform, observer: ObserverNode<ResultType>, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: SourceType) {
        // The result goes straight downstream: kept in a local first, it was moved there and
        // destroyed through the value witnesses of a type the library's code does not know.
        do {
            forwardNext(try transform(element))
        } catch {
            forwardError(error)
            dispose()
        }
    }
}

final private class Map<SourceType, ResultType>: Producer<ResultType> {
    typealias Transform = (SourceType) throws -> ResultType

    private let source: Observable<SourceType>
    private let transform: Transform

    init(source: Observable<SourceType>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
    }

    override func run(_ observer: ObserverNode<ResultType>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = MapSink(transform: transform, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

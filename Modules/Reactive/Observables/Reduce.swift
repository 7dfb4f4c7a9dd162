extension ObservableType {
    /// Folds the values into `seed` and, when the source completes, sends `mapResult` of the result
    /// and completes; a thrown error ends the sequence with it.
    public func reduce<A, Result>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        mapResult: @escaping (A) throws -> Result
    ) -> Observable<Result> {
        Reduce(
            source: asObservable(), seed: seed,
            accumulator: { accumulated, element in
                accumulated = try accumulator(accumulated, element)
            }, mapResult: mapResult)
    }

    /// Folds the values into `seed` and, when the source completes, sends the result and completes.
    public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Reduce(
            source: asObservable(), seed: seed,
            accumulator: { accumulated, element in
                accumulated = try accumulator(accumulated, element)
            }, mapResult: { $0 })
    }

    /// Folds the values into `seed` in place and, when the source completes, sends the result and completes.
    public func reduce<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
    }
}

final private class ReduceSink<Element, Accumulate, Result>: Sink<Element, Result> {
    typealias Accumulator = (inout Accumulate, Element) throws -> Void
    typealias ResultSelector = (Accumulate) throws -> Result

    private let accumulator: Accumulator
    private let mapResult: ResultSelector
    // Only this sink touches it, from one event at a time (the Rx grammar): no dynamic exclusivity check.
    @exclusivity(unchecked) private var accumulate: Accumulate

    init(
        seed: Accumulate, accumulator: @escaping Accumulator, mapResult: @escaping ResultSelector,
        observer: ObserverNode<Result>, cancel: Cancelable
    ) {
        self.accumulator = accumulator
        self.mapResult = mapResult
        accumulate = seed
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        do {
            try accumulator(&accumulate, element)
        } catch {
            forwardError(error)
            dispose()
        }
    }

    override func completed() {
        let result: Result
        do {
            result = try mapResult(accumulate)
        } catch {
            forwardError(error)
            dispose()
            return
        }
        forwardNext(result)
        forwardCompleted()
        dispose()
    }
}

final private class Reduce<Element, Accumulate, Result>: Producer<Result> {
    typealias Accumulator = (inout Accumulate, Element) throws -> Void
    typealias ResultSelector = (Accumulate) throws -> Result

    private let source: Observable<Element>
    private let seed: Accumulate
    private let accumulator: Accumulator
    private let mapResult: ResultSelector

    init(source: Observable<Element>, seed: Accumulate, accumulator: @escaping Accumulator, mapResult: @escaping ResultSelector) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
    }

    override func run(_ observer: ObserverNode<Result>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ReduceSink(seed: seed, accumulator: accumulator, mapResult: mapResult, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

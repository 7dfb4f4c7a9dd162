extension ObservableType {
    /// Emits each intermediate result of accumulating the values into `seed` in place.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        Scan(source: asObservable(), seed: seed, accumulator: accumulator)
    }

    /// Emits each intermediate result of folding the values, starting from `seed`.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Scan(source: asObservable(), seed: seed) { accumulated, element in
            accumulated = try accumulator(accumulated, element)
        }
    }
}

final private class ScanSink<Element, Accumulate>: Sink<Element, Accumulate> {
    typealias Accumulator = (inout Accumulate, Element) throws -> Void

    private let accumulator: Accumulator
    // Only this sink touches it, from one event at a time (the Rx grammar): no dynamic exclusivity check.
    @exclusivity(unchecked) private var accumulate: Accumulate

    init(seed: Accumulate, accumulator: @escaping Accumulator, observer: ObserverNode<Accumulate>, cancel: Cancelable) {
        self.accumulator = accumulator
        accumulate = seed
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        do {
            try accumulator(&accumulate, element)
        } catch {
            forwardError(error)
            dispose()
            return
        }
        forwardNext(accumulate)
    }
}

final private class Scan<Element, Accumulate>: Producer<Accumulate> {
    typealias Accumulator = (inout Accumulate, Element) throws -> Void

    private let source: Observable<Element>
    private let seed: Accumulate
    private let accumulator: Accumulator

    init(source: Observable<Element>, seed: Accumulate, accumulator: @escaping Accumulator) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run(_ observer: ObserverNode<Accumulate>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ScanSink(seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

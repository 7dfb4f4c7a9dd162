extension ObservableType {
    /// Emits each intermediate result of accumulating the values into `seed` in place.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        Scan(source: asObservable(), seed: seed, into: accumulator, fold: nil)
    }

    /// Emits each intermediate result of folding the values, starting from `seed`.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Scan(source: asObservable(), seed: seed, into: nil, fold: accumulator)
    }
}

/// One subscription of `scan`, with one of the two accumulators. Both forms are this sink, rather
/// than the folding one wrapping its closure into the other's: that cost a second closure call per value.
final private class ScanSink<Element, Accumulate>: Sink<Element, Accumulate> {
    typealias Into = (inout Accumulate, Element) throws -> Void
    typealias Fold = (Accumulate, Element) throws -> Accumulate

    // Not optionals: unwrapping one copied the closure, a retain and a release per value.
    private let into: Into
    private let fold: Fold
    private let folds: Bool
    // Only this sink touches it, from one event at a time (the Rx grammar): no dynamic exclusivity check.
    @exclusivity(unchecked) private var accumulate: Accumulate

    init(seed: Accumulate, into: Into?, fold: Fold?, observer: ObserverNode<Accumulate>, cancel: Cancelable) {
        self.into = into ?? { _, _ in }
        self.fold = fold ?? { accumulated, _ in accumulated }
        folds = fold != nil
        accumulate = seed
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        do {
            if folds {
                accumulate = try fold(accumulate, element)
            } else {
                try into(&accumulate, element)
            }
        } catch {
            forwardError(error)
            dispose()
            return
        }
        forwardNext(accumulate)
    }
}

final private class Scan<Element, Accumulate>: Producer<Accumulate> {
    private let source: Observable<Element>
    private let seed: Accumulate
    private let into: ScanSink<Element, Accumulate>.Into?
    private let fold: ScanSink<Element, Accumulate>.Fold?

    init(
        source: Observable<Element>, seed: Accumulate, into: ScanSink<Element, Accumulate>.Into?, fold: ScanSink<Element, Accumulate>.Fold?
    ) {
        self.source = source
        self.seed = seed
        self.into = into
        self.fold = fold
    }

    override func run(_ observer: ObserverNode<Accumulate>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ScanSink(seed: seed, into: into, fold: fold, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}

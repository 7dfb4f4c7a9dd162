extension ObservableType {
    /// This sequence, then `second` once this one completes.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable<Element>.concat([asObservable(), second.asObservable()])
    }

    /// The sequences one after another: each is subscribed when the previous one completes.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        Concat(sources: sequence, count: nil)
    }

    /// The sequences of the collection one after another: each is subscribed when the previous one completes.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        Concat(sources: collection, count: collection.count)
    }

    /// The given sequences one after another: each is subscribed when the previous one completes.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        Concat(sources: sources, count: sources.count)
    }
}

final private class Concat<Sources: Sequence>: Producer<Sources.Element.Element>
where Sources.Element: ObservableConvertibleType {
    fileprivate let sources: Sources
    // How many sources are left, when known: lets the sink drop an exhausted iterator at once.
    fileprivate let count: Int?

    init(sources: Sources, count: Int?) {
        self.sources = sources
        self.count = count
    }

    override func run(_ observer: ObserverNode<Sources.Element.Element>, cancel: Cancelable)
        -> (sink: Disposable, subscription: Disposable)
    {
        let sink = ConcatSink<Sources>(observer: observer, cancel: cancel)
        let subscription = sink.run((sources.makeIterator(), count))
        return (sink, subscription)
    }
}

/// Subscribes the sources in turn, RxSwift's tail-recursive sink.
///
/// A source that completes synchronously asks for the next one while the previous step is still on
/// the stack; the gate queues that request and the step that holds the gate runs it as a loop, so a
/// chain of any length runs in constant stack. Nested concats of the same kind are flattened into a
/// stack of iterators rather than subscribed as sequences of their own.
final private class ConcatSink<Sources: Sequence>: Sink<Sources.Element.Element, Sources.Element.Element>
where Sources.Element: ObservableConvertibleType {
    typealias Output = Sources.Element.Element
    typealias Generator = (iterator: Sources.Iterator, remaining: Int?)

    // Touched only by the step that holds the gate.
    private var generators: [Generator] = []
    private let subscription = SerialDisposable()

    // The gate (RxSwift's AsyncLock): `gateLock` guards the three fields below.
    private let gateLock = Lock()
    private var gateBusy = false
    private var gateClosed = false
    private var pendingSteps = 0

    func run(_ generator: Generator) -> Disposable {
        generators.append(generator)
        scheduleMoveNext()
        return subscription
    }

    override func next(_ element: Output) {
        forwardNext(element)
    }

    override func completed() {
        scheduleMoveNext()
    }

    override func dispose() {
        super.dispose()
        subscription.dispose()
        gateLock.performLocked {
            gateClosed = true
            pendingSteps = 0
        }
    }

    private func scheduleMoveNext() {
        gateLock.lock()
        if gateClosed {
            gateLock.unlock()
            return
        }
        if gateBusy {
            pendingSteps += 1
            gateLock.unlock()
            return
        }
        gateBusy = true
        gateLock.unlock()

        while true {
            moveNext()
            gateLock.lock()
            if pendingSteps == 0 {
                gateBusy = false
                gateLock.unlock()
                return
            }
            pendingSteps -= 1
            gateLock.unlock()
        }
    }

    private func moveNext() {
        var next: Observable<Output>?
        repeat {
            guard let (iterator, remaining) = generators.last else { break }
            if isDisposed { return }
            generators.removeLast()

            var advanced = iterator
            guard let candidate = advanced.next()?.asObservable() else { continue }

            // Keep the iterator only while it may have more: an endless generator of sequences must
            // not pile up exhausted iterators.
            if let remaining {
                if remaining - 1 >= 1 { generators.append((advanced, remaining - 1)) }
            } else {
                generators.append((advanced, nil))
            }

            if let nested = candidate as? Concat<Sources> {
                generators.append((nested.sources.makeIterator(), nested.count))
            } else {
                next = candidate
            }
        } while next == nil

        guard let next else {
            forwardCompleted()
            dispose()
            return
        }

        let current = SingleAssignmentDisposable()
        subscription.disposable = current
        current.setDisposable(next.subscribeNode(self))
    }
}

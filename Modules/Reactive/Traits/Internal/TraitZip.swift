/// Subscribes to all sources at once and emits the array of their first values once every source
/// has one, then completes; a source that completes without a value completes the result, and the
/// first error ends it. This is zip for sources of at most one value (the traits).
final class TraitZip<Element>: Producer<[Element]> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run(_ observer: ObserverNode<[Element]>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TraitZipSink<Element>(count: sources.count, observer: observer, cancel: cancel)
        let subscription = sink.run(sources)
        return (sink, subscription)
    }
}

final private class TraitZipSink<Element>: Sink<Never, [Element]> {
    // Recursive: events are forwarded while holding it, and an observer may synchronously push into
    // one of this operator's sources again.
    private let lock = Lock(recursive: true)
    // Under `lock`.
    private var values: [Element?]
    private var missing: Int

    init(count: Int, observer: ObserverNode<[Element]>, cancel: Cancelable) {
        values = Array(repeating: nil, count: count)
        missing = count
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ sources: [Observable<Element>]) -> Disposable {
        if sources.isEmpty {
            forwardNext([])
            forwardCompleted()
            dispose()
            return Disposables.create()
        }
        var subscriptions: [Disposable] = []
        subscriptions.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            // A source that already ended the whole (an error) makes the rest pointless.
            if isDisposed { break }
            subscriptions.append(source.subscribeNode(TraitZipObserver(parent: self, index: index)))
        }
        return Disposables.create(subscriptions)
    }

    func next(_ element: Element, at index: Int) {
        lock.performLocked {
            guard values[index] == nil else { return }
            values[index] = element
            missing -= 1
            if missing == 0 {
                forwardNext(values.map { $0! })
                forwardCompleted()
                dispose()
            }
        }
    }

    func error(_ error: Swift.Error, at index: Int) {
        lock.performLocked {
            forwardError(error)
            dispose()
        }
    }

    func completed(at index: Int) {
        lock.performLocked {
            guard values[index] == nil else { return }
            forwardCompleted()
            dispose()
        }
    }
}

final private class TraitZipObserver<Element>: ObserverNode<Element> {
    private let parent: TraitZipSink<Element>
    private let index: Int

    init(parent: TraitZipSink<Element>, index: Int) {
        self.parent = parent
        self.index = index
    }

    override func next(_ element: Element) { parent.next(element, at: index) }
    override func error(_ error: Swift.Error) { parent.error(error, at: index) }
    override func completed() { parent.completed(at: index) }
}

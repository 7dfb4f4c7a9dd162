/// Subscribes to all sources at once and passes on their values; completes when every source has
/// completed, and the first error ends it. Used for merging (and zipping) completables.
final class TraitMerge<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TraitMergeSink<Element>(count: sources.count, observer: observer, cancel: cancel)
        let subscription = sink.run(sources)
        return (sink, subscription)
    }
}

final private class TraitMergeSink<Element>: Sink<Never, Element> {
    // Recursive: events are forwarded while holding it, and an observer may synchronously push into
    // one of this operator's sources again.
    private let lock = Lock(recursive: true)
    // Under `lock`.
    private var active: Int

    init(count: Int, observer: ObserverNode<Element>, cancel: Cancelable) {
        active = count
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ sources: [Observable<Element>]) -> Disposable {
        if sources.isEmpty {
            forwardCompleted()
            dispose()
            return Disposables.create()
        }
        var subscriptions: [Disposable] = []
        subscriptions.reserveCapacity(sources.count)
        for source in sources {
            // A source that already ended the whole (an error) makes the rest pointless.
            if isDisposed { break }
            subscriptions.append(source.subscribeNode(TraitMergeObserver(parent: self)))
        }
        return Disposables.create(subscriptions)
    }

    func innerNext(_ element: Element) {
        lock.performLocked { forwardNext(element) }
    }

    func innerError(_ error: Swift.Error) {
        lock.performLocked {
            forwardError(error)
            dispose()
        }
    }

    func innerCompleted() {
        lock.performLocked {
            active -= 1
            if active == 0 {
                forwardCompleted()
                dispose()
            }
        }
    }
}

final private class TraitMergeObserver<Element>: ObserverNode<Element> {
    private let parent: TraitMergeSink<Element>

    init(parent: TraitMergeSink<Element>) {
        self.parent = parent
    }

    override func next(_ element: Element) { parent.innerNext(element) }
    override func error(_ error: Swift.Error) { parent.innerError(error) }
    override func completed() { parent.innerCompleted() }
}

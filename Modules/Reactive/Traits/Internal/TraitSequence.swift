/// Subscribes to sources one after another: after each completion (concat), or after each error
/// (catch over a sequence, which is how `retry` works).
///
/// With `switchOnError` false the sources run in order and the last completion completes the whole;
/// an error ends it. With `switchOnError` true an error moves to the next source, a completion ends
/// it, and when the sources run out the last error is forwarded (or completion, if there were none).
/// `makeIterator` is called once per subscription, so each subscription walks the sources afresh.
final class TraitSequence<Element>: Producer<Element> {
    typealias MakeIterator = () -> AnyIterator<Observable<Element>>

    private let switchOnError: Bool
    private let makeIterator: MakeIterator

    init(switchOnError: Bool, makeIterator: @escaping MakeIterator) {
        self.switchOnError = switchOnError
        self.makeIterator = makeIterator
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TraitSequenceSink(
            sources: makeIterator(), switchOnError: switchOnError, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

/// Moving on happens in a loop, not by recursion: a source that stops synchronously inside
/// `subscribeNode` only asks the loop already running to go round again, so a long chain of
/// synchronous sources (or many retries) runs in constant stack.
final private class TraitSequenceSink<Element>: Sink<Element, Element> {
    private let switchOnError: Bool
    private let subscription = SerialDisposable()
    private let lock = Lock()
    // Only the thread that set `isAdvancing` (under `lock`) touches `sources` and `lastError`, and
    // events from one source never overlap: the lock's release/acquire orders the hand-over.
    private var sources: AnyIterator<Observable<Element>>
    private var lastError: Swift.Error?
    // Under `lock`.
    private var isAdvancing = false
    private var advanceRequested = false

    init(sources: AnyIterator<Observable<Element>>, switchOnError: Bool, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.sources = sources
        self.switchOnError = switchOnError
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        advance()
        return subscription
    }

    private func advance() {
        let alreadyAdvancing: Bool = lock.performLocked {
            if isAdvancing {
                advanceRequested = true
                return true
            }
            isAdvancing = true
            return false
        }
        if alreadyAdvancing { return }

        while true {
            if isDisposed { return }
            guard let source = sources.next() else {
                if switchOnError, let lastError {
                    forwardError(lastError)
                } else {
                    forwardCompleted()
                }
                dispose()
                return
            }
            let current = SingleAssignmentDisposable()
            subscription.disposable = current
            current.setDisposable(source.subscribeNode(self))
            let again: Bool = lock.performLocked {
                if advanceRequested {
                    advanceRequested = false
                    return true
                }
                isAdvancing = false
                return false
            }
            if !again { return }
        }
    }

    override func next(_ element: Element) {
        forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        if switchOnError {
            lastError = error
            advance()
        } else {
            forwardError(error)
            dispose()
        }
    }

    override func completed() {
        if switchOnError {
            forwardCompleted()
            dispose()
        } else {
            advance()
        }
    }
}

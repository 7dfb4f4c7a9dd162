/// Continues a trait's source with a second sequence: the one `selector` returns for the source's
/// value (flat-map), or, when the source completes without a value, the one `onEmpty` returns
/// (and-then, if-empty); with no `onEmpty` an empty source just completes.
///
/// As RxSwift's flat-map, the result completes once both the source and the second sequence have
/// completed; an error from either ends it. The source is a trait, so it has at most one value;
/// any further value is ignored.
final class TraitFlatMap<Source, Element>: Producer<Element> {
    typealias Selector = (Source) throws -> Observable<Element>
    typealias OnEmpty = () throws -> Observable<Element>

    private let source: Observable<Source>
    private let selector: Selector
    private let onEmpty: OnEmpty?

    init(source: Observable<Source>, selector: @escaping Selector, onEmpty: OnEmpty? = nil) {
        self.source = source
        self.selector = selector
        self.onEmpty = onEmpty
    }

    /// Continues with `next` once a source that has no values (a completable) completes.
    convenience init(afterCompletionOf source: Observable<Source>, then next: @escaping OnEmpty) {
        self.init(source: source, selector: { _ in Observable.empty() }, onEmpty: next)
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = TraitFlatMapSink(selector: selector, onEmpty: onEmpty, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

final private class TraitFlatMapSink<Source, Element>: Sink<Source, Element> {
    private let selector: TraitFlatMap<Source, Element>.Selector
    private let onEmpty: TraitFlatMap<Source, Element>.OnEmpty?
    // Recursive: events are forwarded while holding it, and an observer may synchronously push into
    // one of this operator's sources again.
    private let lock = Lock(recursive: true)
    private let sourceSubscription = SingleAssignmentDisposable()
    private let innerSubscription = SingleAssignmentDisposable()
    // Under `lock`.
    private var hasInner = false
    private var innerActive = false
    private var sourceDone = false

    init(selector: @escaping TraitFlatMap<Source, Element>.Selector,
         onEmpty: TraitFlatMap<Source, Element>.OnEmpty?,
         observer: ObserverNode<Element>, cancel: Cancelable) {
        self.selector = selector
        self.onEmpty = onEmpty
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Source>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribeNode(self))
        return Disposables.create(sourceSubscription, innerSubscription)
    }

    override func next(_ element: Source) {
        let first: Bool = lock.performLocked {
            if hasInner { return false }
            hasInner = true
            innerActive = true
            return true
        }
        guard first else { return }
        let inner: Observable<Element>
        do {
            inner = try selector(element)
        } catch {
            lock.performLocked {
                forwardError(error)
                dispose()
            }
            return
        }
        innerSubscription.setDisposable(inner.subscribeNode(TraitFlatMapInner(parent: self)))
    }

    override func error(_ error: Swift.Error) {
        lock.performLocked {
            forwardError(error)
            dispose()
        }
    }

    override func completed() {
        let switchToEmpty: Bool = lock.performLocked {
            sourceDone = true
            if innerActive { return false }
            if hasInner || onEmpty == nil {
                // The second sequence already completed, or the source was empty and nothing follows it.
                forwardCompleted()
                dispose()
                return false
            }
            hasInner = true
            innerActive = true
            return true
        }
        guard switchToEmpty, let onEmpty else { return }
        let inner: Observable<Element>
        do {
            inner = try onEmpty()
        } catch {
            lock.performLocked {
                forwardError(error)
                dispose()
            }
            return
        }
        innerSubscription.setDisposable(inner.subscribeNode(TraitFlatMapInner(parent: self)))
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
            innerActive = false
            if sourceDone {
                forwardCompleted()
                dispose()
            }
        }
    }
}

final private class TraitFlatMapInner<Source, Element>: ObserverNode<Element> {
    private let parent: TraitFlatMapSink<Source, Element>

    init(parent: TraitFlatMapSink<Source, Element>) {
        self.parent = parent
    }

    override func next(_ element: Element) { parent.innerNext(element) }
    override func error(_ error: Swift.Error) { parent.innerError(error) }
    override func completed() { parent.innerCompleted() }
}

// The fixed arities (2 to 8 sources) are thin wrappers generated into Zip+arity.swift by
// Scripts/generate-arity.py; all of them and the collection forms share the sink below.

extension ObservableType {
    /// Pairs the sources' values by position (the first of each, the second of each, ...) with `resultSelector`.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        return ZipProducer { sink in
            let buffers = sources.map { sink.add($0) }
            return { try resultSelector(buffers.map { $0.dequeue() }) }
        }
    }

    /// Pairs the sources' values by position into arrays (the first of each, the second of each, ...).
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        Observable<[Element]>.zip(collection, resultSelector: { $0 })
    }
}

/// How many values of one source wait to be zipped; the sink reads it without knowing the element type.
@usableFromInline
class ZipBufferCount {
    // Read and written under the sink's lock.
    final var count = 0
}

/// The values of one source that wait to be zipped. The sink keeps no reference back from it, so the
/// sink, its buffers and its observers form no cycle.
@usableFromInline
final class ZipBuffer<Element>: ZipBufferCount {
    // Read and written under the sink's lock.
    private var queue = ElementQueue<Element>()

    func enqueue(_ element: Element) {
        queue.enqueue(element)
        count += 1
    }

    /// Removes the oldest value; only called when every buffer holds one.
    @usableFromInline
    func dequeue() -> Element {
        count -= 1
        return queue.dequeue()!
    }
}

/// Builds one subscription's result closure: registers each source with the sink (`add`) and returns
/// the closure that dequeues one value of each and combines them.
@usableFromInline
typealias ZipSetup<Output> = (ZipSink<Output>) -> () throws -> Output

/// The sequence behind every form of `zip`.
@usableFromInline
final class ZipProducer<Output>: Producer<Output> {
    private let setup: ZipSetup<Output>

    @usableFromInline
    init(setup: @escaping ZipSetup<Output>) {
        self.setup = setup
    }

    override func run(_ observer: ObserverNode<Output>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = ZipSink(observer: observer, cancel: cancel)
        let result = setup(sink)
        let subscription = sink.run(result: result)
        return (sink, subscription)
    }
}

/// One subscription of a `zip`: emits a result whenever every source has a value waiting; completes
/// when all sources have, or when a value arrives that can never be paired because every other source
/// completed.
@usableFromInline
final class ZipSink<Output>: Sink<Never, Output> {
    // Recursive: events are forwarded while it is held, and an observer may feed a source synchronously.
    fileprivate let lock = Lock(recursive: true)

    // Set up before any source is subscribed; then guarded by `lock`.
    private var result: (() throws -> Output)?
    private var buffers: [ZipBufferCount] = []
    private var isDone: [Bool] = []
    private var subscriptions: [SingleAssignmentDisposable] = []
    private var starts: [() -> Void] = []

    /// Registers the next source; returns the buffer its values will wait in.
    @usableFromInline
    func add<Element>(_ source: Observable<Element>) -> ZipBuffer<Element> {
        let buffer = ZipBuffer<Element>()
        let subscription = SingleAssignmentDisposable()
        let observer = ZipObserver(parent: self, index: buffers.count, buffer: buffer, subscription: subscription)
        buffers.append(buffer)
        isDone.append(false)
        subscriptions.append(subscription)
        starts.append { subscription.setDisposable(source.subscribeNode(observer)) }
        return buffer
    }

    fileprivate func run(result: @escaping () throws -> Output) -> Disposable {
        self.result = result
        // Read before subscribing: once a source runs, another thread may be writing these arrays.
        let arity = buffers.count
        let starts = self.starts
        let subscriptions = self.subscriptions
        self.starts = []
        self.subscriptions = []
        for start in starts { start() }

        if arity == 0 {
            // Only the collection form can have no sources; RxSwift then just completes.
            forwardCompleted()
        }
        return Disposables.create(subscriptions)
    }

    /// Call with `lock` held.
    fileprivate func valueArrived(at index: Int) {
        var hasValueAll = true
        for buffer in buffers where buffer.count == 0 {
            hasValueAll = false
            break
        }

        if hasValueAll {
            let zipped: Output
            do {
                zipped = try result!()
            } catch {
                forwardError(error)
                dispose()
                return
            }
            forwardNext(zipped)
        } else {
            for other in isDone.indices where other != index && !isDone[other] { return }
            forwardCompleted()
            dispose()
        }
    }

    /// Call with `lock` held.
    fileprivate func sourceFailed(_ error: Swift.Error) {
        forwardError(error)
        dispose()
    }

    /// Call with `lock` held.
    fileprivate func sourceCompleted(at index: Int) {
        isDone[index] = true
        for done in isDone where !done { return }
        forwardCompleted()
        dispose()
    }
}

final private class ZipObserver<Element, Output>: ObserverNode<Element> {
    private let parent: ZipSink<Output>
    private let index: Int
    private let buffer: ZipBuffer<Element>
    private let subscription: Disposable

    init(parent: ZipSink<Output>, index: Int, buffer: ZipBuffer<Element>, subscription: Disposable) {
        self.parent = parent
        self.index = index
        self.buffer = buffer
        self.subscription = subscription
    }

    override func next(_ element: Element) {
        parent.lock.lock()
        buffer.enqueue(element)
        parent.valueArrived(at: index)
        parent.lock.unlock()
    }

    override func error(_ error: Swift.Error) {
        parent.lock.lock()
        subscription.dispose()
        parent.sourceFailed(error)
        parent.lock.unlock()
    }

    override func completed() {
        parent.lock.lock()
        subscription.dispose()
        parent.sourceCompleted(at: index)
        parent.lock.unlock()
    }
}

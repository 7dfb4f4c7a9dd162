// The fixed arities (2 to 8 sources) are thin wrappers generated into Zip+arity.swift by
// Scripts/generate-arity.py; all of them and the collection forms share the sink below.

extension ObservableType {
    /// Pairs the sources' values by position (the first of each, the second of each, ...) with `resultSelector`.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        // RxSwift's collection form keeps its older completion rule (see `ZipSink`).
        return ZipProducer(completesWhenAValueCannotBePaired: true) { registry in
            let buffers = sources.map { registry.add($0) }
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

/// Builds one subscription's result closure: registers each source (`add`) and returns the closure
/// that dequeues one value of each and combines them.
@usableFromInline
typealias ZipSetup<Output> = (ZipRegistry<Output>) -> () throws -> Output

/// The sources of one `zip` subscription, registered before its sink exists, so that the sink can
/// hold its result closure as a constant: calling a closure kept in a variable retains and releases
/// it on every value.
@usableFromInline
final class ZipRegistry<Output> {
    /// Subscribes one source, given the sink, the source's index and the disposable to keep its subscription in.
    typealias Start = (ZipSink<Output>, Int, SingleAssignmentDisposable) -> Void

    fileprivate private(set) var starts: [Start] = []
    fileprivate private(set) var buffers: [ZipBufferCount] = []

    init() {}

    /// Registers the next source; returns the buffer its values will wait in.
    @usableFromInline
    func add<Element>(_ source: Observable<Element>) -> ZipBuffer<Element> {
        let buffer = ZipBuffer<Element>()
        buffers.append(buffer)
        starts.append { sink, index, subscription in
            let observer = ZipObserver(parent: sink, index: index, buffer: buffer, subscription: subscription)
            subscription.setDisposable(source.subscribeNode(observer))
        }
        return buffer
    }
}

/// The sequence behind every form of `zip`.
@usableFromInline
final class ZipProducer<Output>: Producer<Output> {
    private let setup: ZipSetup<Output>
    private let completesWhenAValueCannotBePaired: Bool

    @usableFromInline
    init(completesWhenAValueCannotBePaired: Bool = false, setup: @escaping ZipSetup<Output>) {
        self.setup = setup
        self.completesWhenAValueCannotBePaired = completesWhenAValueCannotBePaired
    }

    override func run(_ observer: ObserverNode<Output>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let registry = ZipRegistry<Output>()
        let result = setup(registry)
        let sink = ZipSink(
            observer: observer, cancel: cancel, buffers: registry.buffers, result: result,
            completesWhenAValueCannotBePaired: completesWhenAValueCannotBePaired)
        let subscription = sink.run(registry.starts)
        return (sink, subscription)
    }
}

/// One subscription of a `zip`: emits a result whenever every source has a value waiting, and
/// unsubscribes from each source as soon as it completes.
///
/// It completes as RxSwift's forms do: the fixed arities once every source has completed (RxSwift's
/// rule since 2019: a source that completed empty while another still sends does not end the zip
/// until that one ends too); the collection forms also as soon as a value arrives that can never be
/// paired because every other source completed (the rule RxSwift kept there).
@usableFromInline
final class ZipSink<Output>: SerializingSink<Never, Output> {
    private let result: () throws -> Output
    private let buffers: [ZipBufferCount]
    private let completesWhenAValueCannotBePaired: Bool
    // Guarded by `lock`.
    private var isDone: [Bool]

    fileprivate init(
        observer: ObserverNode<Output>, cancel: Cancelable, buffers: [ZipBufferCount], result: @escaping () throws -> Output,
        completesWhenAValueCannotBePaired: Bool
    ) {
        self.result = result
        self.completesWhenAValueCannotBePaired = completesWhenAValueCannotBePaired
        self.buffers = buffers
        isDone = Array(repeating: false, count: buffers.count)
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes the registered sources in order.
    fileprivate func run(_ starts: [ZipRegistry<Output>.Start]) -> Disposable {
        let subscriptions = starts.map { _ in SingleAssignmentDisposable() }
        for (index, start) in starts.enumerated() { start(self, index, subscriptions[index]) }

        if starts.isEmpty {
            // Only the collection form can have no sources; RxSwift then just completes.
            forwardCompleted()
        }
        return Disposables.create(subscriptions)
    }

    /// Decides what the value that arrived at `index` sends, then releases `lock`. Call with `lock` held.
    fileprivate func valueArrivedUnlocking(at index: Int) {
        if isStoppedLocked {
            unlockAndDeliver()
            return
        }
        var hasValueAll = true
        for buffer in buffers where buffer.count == 0 {
            hasValueAll = false
            break
        }

        if hasValueAll {
            let zipped: Output
            do {
                zipped = try result()
            } catch {
                sendErrorLocked(error)
                unlockAndDeliver()
                return
            }
            unlockAndSendNext(zipped)
        } else {
            if completesWhenAValueCannotBePaired && isDone.indices.allSatisfy({ $0 == index || isDone[$0] }) {
                sendCompletedLocked()
            }
            unlockAndDeliver()
        }
    }

    /// Call with `lock` held.
    fileprivate func sourceFailed(_ error: Swift.Error) {
        sendErrorLocked(error)
    }

    /// Call with `lock` held.
    fileprivate func sourceCompleted(at index: Int) {
        isDone[index] = true
        for done in isDone where !done { return }
        sendCompletedLocked()
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
        withoutRetaining(parent) { parent in
            parent.lock.lock()
            buffer.enqueue(element)
            parent.valueArrivedUnlocking(at: index)
        }
    }

    override func error(_ error: Swift.Error) {
        parent.lock.lock()
        parent.disposeLocked(subscription)
        parent.sourceFailed(error)
        parent.unlockAndDeliver()
    }

    override func completed() {
        parent.lock.lock()
        parent.disposeLocked(subscription)
        parent.sourceCompleted(at: index)
        parent.unlockAndDeliver()
    }
}

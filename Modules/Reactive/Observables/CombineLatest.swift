// The fixed arities (2 to 8 sources) are thin wrappers generated into CombineLatest+arity.swift by
// Scripts/generate-arity.py; all of them and the collection forms share the sink below.

extension ObservableType {
    /// Combines the latest values of all sources with `resultSelector` whenever any of them sends one, once all have.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        return CombineLatestProducer { registry in
            let values = sources.map { registry.add($0) }
            return { try resultSelector(values.map { $0.value }) }
        }
    }

    /// Combines the latest values of all sources into an array whenever any of them sends one, once all have.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection, resultSelector: { $0 })
    }
}

/// The latest value of one source. The sink keeps no reference to it (only the result closure and the
/// source's observer do), so the sink and its observers form no cycle.
///
/// Kept in raw storage rather than an `Optional`: in generic code, every write of an `Element?` asks the
/// runtime for the optional's type metadata, which costs more than the rest of the event.
@usableFromInline
final class CombineLatestValue<Element> {
    // Read and written under the sink's lock.
    @usableFromInline let storage = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    @exclusivity(unchecked) private(set) var isSet = false

    init() {}

    deinit {
        if isSet { storage.deinitialize(count: 1) }
        storage.deallocate()
    }

    /// The latest value; read only after the sink saw one from every source. Inlined into the
    /// caller's result closure, which is compiled for its element types: the read is then a load,
    /// not a call that copies a value of unknown type.
    @inlinable var value: Element { storage.pointee }

    /// Records a new latest value.
    func set(_ element: Element) {
        if isSet {
            storage.pointee = element
        } else {
            storage.initialize(to: element)
            isSet = true
        }
    }
}

/// Builds one subscription's result closure: registers each source (`add`) and returns the closure
/// that computes a result from their latest values.
@usableFromInline
typealias CombineLatestSetup<Output> = (CombineLatestRegistry<Output>) -> () throws -> Output

/// The sources of one `combineLatest` subscription, registered before its sink exists, so that the
/// sink can hold its result closure as a constant: calling a closure kept in a variable retains and
/// releases it on every value.
@usableFromInline
final class CombineLatestRegistry<Output> {
    /// Subscribes one source, given the sink, the source's index and the disposable to keep its subscription in.
    typealias Start = (CombineLatestSink<Output>, Int, SingleAssignmentDisposable) -> Void

    fileprivate private(set) var starts: [Start] = []

    init() {}

    /// Registers the next source; returns where its latest value will be kept.
    @usableFromInline
    func add<Element>(_ source: Observable<Element>) -> CombineLatestValue<Element> {
        let value = CombineLatestValue<Element>()
        starts.append { sink, index, subscription in
            let observer = CombineLatestObserver(parent: sink, index: index, value: value, subscription: subscription)
            subscription.setDisposable(source.subscribeNode(observer))
        }
        return value
    }
}

/// The sequence behind every form of `combineLatest`.
@usableFromInline
final class CombineLatestProducer<Output>: Producer<Output> {
    private let setup: CombineLatestSetup<Output>

    @usableFromInline
    init(setup: @escaping CombineLatestSetup<Output>) {
        self.setup = setup
    }

    override func run(_ observer: ObserverNode<Output>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let registry = CombineLatestRegistry<Output>()
        let result = setup(registry)
        let sink = CombineLatestSink(observer: observer, cancel: cancel, arity: registry.starts.count, result: result)
        let subscription = sink.run(registry.starts)
        return (sink, subscription)
    }
}

/// One subscription of a `combineLatest`: emits a result on each value once every source has one;
/// completes when all sources have, or when a value arrives that can never be combined because every
/// other source completed without a value.
@usableFromInline
final class CombineLatestSink<Output>: SerializingSink<Never, Output> {
    private let result: () throws -> Output
    // Guarded by `lock`, under which no two accesses overlap: the hot ones skip the dynamic
    // exclusivity check, which cost more than their work.
    @exclusivity(unchecked) private var hasValue: [Bool]
    @exclusivity(unchecked) private var isDone: [Bool]
    @exclusivity(unchecked) private var numberOfValues = 0
    @exclusivity(unchecked) private var numberOfDone = 0
    private let arity: Int

    fileprivate init(observer: ObserverNode<Output>, cancel: Cancelable, arity: Int, result: @escaping () throws -> Output) {
        self.result = result
        self.arity = arity
        hasValue = Array(repeating: false, count: arity)
        isDone = Array(repeating: false, count: arity)
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes the registered sources in order.
    fileprivate func run(_ starts: [CombineLatestRegistry<Output>.Start]) -> Disposable {
        let subscriptions = starts.map { _ in SingleAssignmentDisposable() }
        for (index, start) in starts.enumerated() { start(self, index, subscriptions[index]) }

        if starts.isEmpty {
            // Only the collection form can have no sources; RxSwift then emits the result of nothing.
            do {
                forwardNext(try result())
                forwardCompleted()
                dispose()
            } catch {
                forwardError(error)
                dispose()
            }
        }
        return Disposables.create(subscriptions)
    }

    /// Decides what the value that arrived at `index` sends, then releases `lock`. Call with `lock` held.
    fileprivate func valueArrivedUnlocking(at index: Int) {
        if isStoppedLocked {
            unlockAndDeliver()
            return
        }
        // Once every source has a value, nothing below the count changes: skip the array.
        if numberOfValues < arity, !hasValue[index] {
            hasValue[index] = true
            numberOfValues += 1
        }

        if numberOfValues == arity {
            // The result goes straight on: kept in a local first, it was moved there and destroyed
            // through the value witnesses of a type the library's code does not know.
            do {
                unlockAndSendNext(try result())
            } catch {
                sendErrorLocked(error)
                unlockAndDeliver()
            }
        } else {
            if isDone.indices.allSatisfy({ $0 == index || isDone[$0] }) { sendCompletedLocked() }
            unlockAndDeliver()
        }
    }

    /// Call with `lock` held.
    fileprivate func sourceFailed(_ error: Swift.Error) {
        sendErrorLocked(error)
    }

    /// Call with `lock` held.
    fileprivate func sourceCompleted(at index: Int) {
        if isDone[index] { return }
        isDone[index] = true
        numberOfDone += 1
        if numberOfDone == isDone.count {
            sendCompletedLocked()
        }
    }
}

final private class CombineLatestObserver<Element, Output>: ObserverNode<Element> {
    private let parent: CombineLatestSink<Output>
    private let index: Int
    private let value: CombineLatestValue<Element>
    private let subscription: Disposable

    init(parent: CombineLatestSink<Output>, index: Int, value: CombineLatestValue<Element>, subscription: Disposable) {
        self.parent = parent
        self.index = index
        self.value = value
        self.subscription = subscription
    }

    override func next(_ element: Element) {
        withoutRetaining(parent) { parent in
            parent.lock.lock()
            value.set(element)
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

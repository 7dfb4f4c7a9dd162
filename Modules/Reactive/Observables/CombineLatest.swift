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
    @usableFromInline @exclusivity(unchecked) var isSet = false

    @usableFromInline init() {}

    deinit {
        if isSet { storage.deinitialize(count: 1) }
        storage.deallocate()
    }

    /// The latest value; read only after the sink saw one from every source. Inlined into the
    /// caller's result closure, which is compiled for its element types: the read is then a load,
    /// not a call that copies a value of unknown type.
    @inlinable var value: Element { storage.pointee }

    /// Records a new latest value.
    @inlinable func set(_ element: Element) {
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

    /// Registers the next source, whose values reach the sink through its generic code (the
    /// collection forms); returns where its latest value will be kept.
    @usableFromInline
    func add<Element>(_ source: Observable<Element>) -> CombineLatestValue<Element> {
        let value = CombineLatestValue<Element>()
        add(source) { sink, index, element in
            sink.lock.lock()
            value.set(element)
            sink.valueArrivedUnlocking(at: index)
        }
        return value
    }

    /// Registers the next source, whose values `arrival` hands to the sink with the source's index.
    /// The fixed arities build `arrival` in their `@inlinable` code, around `CombineLatestSink.arrive`,
    /// so that it is compiled for the caller's types: storing the value, computing the result and
    /// sending it then take no value witness and no call into the sink's generic code.
    @usableFromInline
    func add<Element>(_ source: Observable<Element>, arrival: @escaping (CombineLatestSink<Output>, Int, Element) -> Void) {
        starts.append { sink, index, subscription in
            let observer = CombineLatestObserver(parent: sink, index: index, arrival: arrival, subscription: subscription)
            subscription.setDisposable(source.subscribeNode(observer))
        }
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
    @usableFromInline @exclusivity(unchecked) var numberOfValues = 0
    @exclusivity(unchecked) private var numberOfDone = 0
    @usableFromInline let arity: Int

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

    /// Keeps `element`, the value that arrived at `index`, as its source's latest `value`, and sends
    /// `result()` (the selector over the latest values) once every source has one. The common case
    /// — every source has a value, the sequence goes on and nobody is delivering — runs here, in the
    /// caller's code when the caller is compiled for its types (the fixed arities' arrivals);
    /// anything else goes the general way, `valueArrivedUnlocking(at:)`. As there, `result` runs
    /// under `lock`, as RxSwift runs its selector (the selector is pure by contract).
    @inlinable @inline(__always)
    final func arrive<Element>(_ element: Element, at value: CombineLatestValue<Element>, index: Int, result: () throws -> Output) {
        lock.lock()
        value.set(element)
        guard numberOfValues == arity, canSendDirectlyLocked else {
            valueArrivedUnlocking(at: index)
            return
        }
        let output: Output
        do {
            output = try result()
        } catch {
            sendErrorLocked(error)
            unlockAndDeliver()
            return
        }
        sendDirectlyUnlocking(output)
    }

    /// Decides what the value that arrived at `index` sends, then releases `lock`. Call with `lock` held.
    @usableFromInline func valueArrivedUnlocking(at index: Int) {
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
    private let arrival: (CombineLatestSink<Output>, Int, Element) -> Void
    private let subscription: Disposable

    init(
        parent: CombineLatestSink<Output>, index: Int, arrival: @escaping (CombineLatestSink<Output>, Int, Element) -> Void,
        subscription: Disposable
    ) {
        self.parent = parent
        self.index = index
        self.arrival = arrival
        self.subscription = subscription
    }

    override func next(_ element: Element) {
        withoutRetaining(parent) { parent in
            arrival(parent, index, element)
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

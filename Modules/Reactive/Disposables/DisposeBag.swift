import Synchronization

/// Collects disposables and disposes them when the bag is deallocated, in the order they came.
///
/// Keep one per owner (a view, a view model); to end everything early, replace it with a new bag.
/// A bag does not grow with subscriptions that already ended (a request per tap, each
/// `disposed(by: bag)`): as it grows it lets go of those whose sequence terminated or that were
/// disposed, which disposing again would not do anything to (RxSwift #2364). Subscriptions
/// to a subject are kept until the bag goes, since only the subject knows they ended.
public final class DisposeBag: @unchecked Sendable {  // every `var` only under `lock`
    private let lock = Lock()
    /// The subscriptions to subjects (what bags hold by the thousand), in the order they came, as
    /// plain values: the first `subscriptionCount` of `subscriptionCapacity`. A record holds a
    /// retain of its registry only when the record before it is of another one, so a run of
    /// subscriptions to one subject holds one, and is ended under one lock of the subject
    /// (one by one, the lock, the observer list's set-up and a retain and release of the registry
    /// were half of what ending a subscription cost). Kept by hand, not in an array: an array's
    /// `append` copied what it took, and reading an entry back copied it again.
    private var subscriptions: UnsafeMutablePointer<SubscriptionRecord>?
    private var subscriptionCount = 0
    private var subscriptionCapacity = 0
    /// Every other disposable, in the order they came, each with the number of subscriptions that
    /// came before it, so that the bag ends everything in the order it came.
    private var others: UnsafeMutablePointer<Entry>?
    private var otherCount = 0
    private var otherCapacity = 0
    private var isDisposed = false
    /// The count of `others` at which the next insert looks for ended entries: four times what the
    /// last look kept, so each entry is looked at about 1.3 times in all, however long the bag
    /// lives, and the bag holds at most four times what is still running (and 64 entries).
    private var sweepAt = DisposeBag.firstSweep
    /// How many entries are of a type that can end on its own (`endState` tells), counted on
    /// insert: a bag of nothing else skips the look, which asked the runtime for the dynamic type of
    /// every entry to find none.
    private var endingCount = 0

    private static let firstSweep = 64
    private static let growth = 4
    private static let firstCapacity = 16

    /// An empty bag.
    public init() {}

    /// Adds a disposable; if the bag is already disposed, disposes it at once.
    public func insert(_ disposable: consuming Disposable) {
        insertValue(disposable)
    }

    /// `insert` for a disposable of a known type (`disposed(by:)`'s, opened), which goes into the
    /// bag's storage from there: wrapped in an existential first to call `insert`, it cost a boxed
    /// existential's set-up and tear-down on every call.
    func insertValue<Value: Disposable>(_ disposable: consuming Value) {
        // Not `performLocked`: a closure capturing the entry copied it twice more.
        lock.lock()
        if isDisposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        if otherCount == otherCapacity { growOthers() }
        (others.unsafelyUnwrapped + otherCount).initialize(
            to: Entry(disposable: consume disposable, subscriptionsBefore: subscriptionCount))
        otherCount += 1
        if canEnd(Value.self) { endingCount += 1 }
        if otherCount < sweepAt {
            lock.unlock()
            return
        }
        let ended = dropEnded()
        lock.unlock()
        // Released here, with no lock held: the last reference to a subscription can run a
        // `deinit` of what its closures captured, which may use this bag.
        withExtendedLifetime(ended) {}
    }

    /// `insert` for the subscription under `key` to the subject whose observers `registry` keeps.
    func insertSubscription(to registry: ObserverRegistry, key: Int) {
        lock.lock()
        if isDisposed {
            lock.unlock()
            registry.unsubscribe(key)
            return
        }
        if subscriptionCount == subscriptionCapacity { growSubscriptions() }
        let registry = Unmanaged.passUnretained(registry)
        let last = subscriptions.unsafelyUnwrapped + subscriptionCount
        if subscriptionCount == 0 || (last - 1).pointee.registry.toOpaque() != registry.toOpaque() {
            _ = registry.retain()
        }
        last.initialize(to: SubscriptionRecord(registry: registry, key: key))
        subscriptionCount += 1
        lock.unlock()
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    /// Adds several disposables.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    /// Doubles the storage of subscriptions; called under `lock`.
    @inline(never)
    private func growSubscriptions() {
        (subscriptions, subscriptionCapacity) = Self.doubled(subscriptions, capacity: subscriptionCapacity)
    }

    /// Doubles the storage of other disposables; called under `lock`.
    @inline(never)
    private func growOthers() {
        (others, otherCapacity) = Self.doubled(others, capacity: otherCapacity)
    }

    /// `buffer` with twice its `capacity` (`firstCapacity` at first), its values moved with it, and
    /// that capacity.
    // Returned, not changed through `inout`: an `inout` access to the bag's storage made the
    // compiler check every other access to it for overlap at run time (165 instructions a
    // subscription).
    private static func doubled<Value>(
        _ buffer: UnsafeMutablePointer<Value>?, capacity: Int
    ) -> (UnsafeMutablePointer<Value>, Int) {
        let larger = Swift.max(firstCapacity, capacity * 2)
        return (MovableBuffer.resize(buffer, to: larger), larger)
    }

    /// Takes out the entries that ended, keeping the others in order, and hands them back for the
    /// caller to release once it holds no lock; called under `lock`. Only the library's own
    /// atomics are read: no user code runs. Kept out of `insert`, whose locked part stays small
    /// enough to inline.
    @inline(never)
    private func dropEnded() -> [Disposable] {
        var ended: [Disposable] = []
        if endingCount > 0, let others {
            var running = 0
            var kept = 0
            for index in 0..<otherCount {
                let entry = others + index
                switch endState(entry.pointee.disposable) {
                case .ended:
                    ended.append(entry.move().disposable)
                    continue
                case .running: running += 1
                case .cannotEnd: break
                }
                if kept != index { (others + kept).moveInitialize(from: entry, count: 1) }
                kept += 1
            }
            otherCount = kept
            endingCount = running
        }
        sweepAt = Swift.max(Self.firstSweep, otherCount * Self.growth)
        return ended
    }

    private func dispose() {
        lock.lock()
        let takenSubscriptions = subscriptions
        let takenSubscriptionCount = subscriptionCount
        let takenOthers = others
        let takenOtherCount = otherCount
        subscriptions = nil
        subscriptionCount = 0
        subscriptionCapacity = 0
        others = nil
        otherCount = 0
        otherCapacity = 0
        endingCount = 0
        isDisposed = true
        lock.unlock()
        var ended = 0
        if let takenOthers {
            for entry in takenOthers..<takenOthers + takenOtherCount {
                let entry = entry.move()
                if let takenSubscriptions {
                    Self.endSubscriptions(
                        takenSubscriptions, ended..<entry.subscriptionsBefore, of: takenSubscriptionCount)
                }
                ended = entry.subscriptionsBefore
                entry.disposable.dispose()
            }
            MovableBuffer.deallocate(takenOthers)
        }
        if let takenSubscriptions {
            Self.endSubscriptions(takenSubscriptions, ended..<takenSubscriptionCount, of: takenSubscriptionCount)
            MovableBuffer.deallocate(takenSubscriptions)
        }
    }

    /// Ends the subscriptions of `records` in `range` (of the `count` there are), each run to one
    /// subject at once, releasing a registry when the run holding its retain ends.
    private static func endSubscriptions(
        _ records: UnsafeMutablePointer<SubscriptionRecord>, _ range: Range<Int>, of count: Int
    ) {
        var start = range.lowerBound
        while start < range.upperBound {
            let registry = records[start].registry
            var end = start + 1
            while end < range.upperBound && records[end].registry.toOpaque() == registry.toOpaque() { end += 1 }
            registry._withUnsafeGuaranteedRef {
                $0.unsubscribe(UnsafeBufferPointer(start: records + start, count: end - start))
            }
            if end == count || records[end].registry.toOpaque() != registry.toOpaque() { registry.release() }
            start = end
        }
    }

    deinit { dispose() }
}

/// A bag's disposable that is not a subscription to a subject, and the number of those that came
/// before it.
private struct Entry {
    let disposable: Disposable
    let subscriptionsBefore: Int
}

/// Whether the work a disposable ends can end without the bag, and if so whether it has.
private enum EndState {
    /// Not a type the bag can ask (a user's disposable): kept.
    case cannotEnd
    /// Can end, and has not yet.
    case running
    /// A subscription whose sequence terminated (its sink disposed itself), or a disposable
    /// already disposed: disposing it again would do nothing.
    case ended
}

/// Whether entries of `type` can end on their own: the library's classes `endState` asks. They are
/// final, so the type an entry was stored as is its dynamic type, and the two functions agree.
@inline(__always)
private func canEnd<Value>(_ type: Value.Type) -> Bool {
    let type = ObjectIdentifier(type)
    return type == ObjectIdentifier(SinkDisposer.self) || type == ObjectIdentifier(ObservedSubscription.self)
        || type == ObjectIdentifier(AnonymousDisposable.self)
}

/// Where the work `disposable` ends stands.
///
/// Told by comparing the dynamic type with the library's own classes: a dynamic cast (`as?`) that
/// fails costs thousands of instructions, and most entries of a bag are of other types.
private func endState(_ disposable: Disposable) -> EndState {
    let type = ObjectIdentifier(Swift.type(of: disposable))
    // Metadata of the module's own non-generic classes is a constant: no lazy global to check.
    let ended: Bool
    if type == ObjectIdentifier(SinkDisposer.self) {
        ended = unsafeDowncast(disposable as AnyObject, to: SinkDisposer.self).isDisposed
    } else if type == ObjectIdentifier(ObservedSubscription.self) {
        ended = unsafeDowncast(disposable as AnyObject, to: ObservedSubscription.self).hasEnded
    } else if type == ObjectIdentifier(AnonymousDisposable.self) {
        ended = unsafeDowncast(disposable as AnyObject, to: AnonymousDisposable.self).isDisposed
    } else {
        return .cannotEnd
    }
    return ended ? .ended : .running
}

extension DisposeBag {
    /// A bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init(disposing: disposables)
    }

    /// A bag holding `disposables`.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        insert(disposables)
    }

    /// A bag filled with the disposables a result builder lists (`DisposeBag { … }`).
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    /// Adds the disposables a result builder lists.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// Builds a list of disposables.
    @resultBuilder
    public enum DisposableBuilder {
        /// Collects the disposables.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
    }
}

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
    /// The disposables, in the order they came: the first `count` of `capacity` slots. Kept by
    /// hand, not in an array: an array's `append` of a value of the caller's type copied it twice
    /// (a retain and a release more per entry), and disposing from an array copied each entry
    /// again, where a slot can be moved out.
    private var entries: UnsafeMutablePointer<Entry>?
    private var count = 0
    private var capacity = 0
    private var isDisposed = false
    /// The count at which the next insert looks for ended entries: four times what the last look
    /// kept, so each entry is looked at about 1.3 times in all, however long the bag lives, and
    /// the bag holds at most four times what is still running (and 64 entries).
    private var sweepAt = DisposeBag.firstSweep
    /// How many entries are of a type that can end on its own (`endState` tells), counted on
    /// insert: a bag of nothing else (subscriptions to a subject) skips the look, which asked the
    /// runtime for the dynamic type of every entry to find none.
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
        insert(.other(consume disposable), canEnd: canEnd(Value.self))
    }

    /// `insert` for a subscription to a subject: kept as itself, not as an existential.
    func insertSubscription(_ subscription: consuming RegistrySubscription) {
        insert(.subscription(consume subscription), canEnd: false)
    }

    @inline(__always)
    private func insert(_ entry: consuming Entry, canEnd: Bool) {
        // Not `performLocked`: a closure capturing the entry copied it twice more.
        lock.lock()
        if isDisposed {
            lock.unlock()
            entry.dispose()
            return
        }
        if count == capacity { grow() }
        (entries.unsafelyUnwrapped + count).initialize(to: consume entry)
        count += 1
        if canEnd { endingCount += 1 }
        if count < sweepAt {
            lock.unlock()
            return
        }
        let ended = dropEnded()
        lock.unlock()
        // Released here, with no lock held: the last reference to a subscription can run a
        // `deinit` of what its closures captured, which may use this bag.
        withExtendedLifetime(ended) {}
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    /// Adds several disposables.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    /// Doubles the storage, moving the entries over; called under `lock`.
    @inline(never)
    private func grow() {
        let larger = Swift.max(Self.firstCapacity, capacity * 2)
        entries = MovableBuffer.resize(entries, to: larger)
        capacity = larger
    }

    /// Takes out the entries that ended, keeping the others in order, and hands them back for the
    /// caller to release once it holds no lock; called under `lock`. Only the library's own
    /// atomics are read: no user code runs. Kept out of `insert`, whose locked part stays small
    /// enough to inline.
    @inline(never)
    private func dropEnded() -> [Entry] {
        var ended: [Entry] = []
        if endingCount > 0, let entries {
            var running = 0
            var kept = 0
            for index in 0..<count {
                let entry = entries + index
                switch entry.pointee.progress {
                case .ended:
                    ended.append(entry.move())
                    continue
                case .running: running += 1
                case .cannotEnd: break
                }
                if kept != index { (entries + kept).moveInitialize(from: entry, count: 1) }
                kept += 1
            }
            count = kept
            endingCount = running
        }
        sweepAt = Swift.max(Self.firstSweep, count * Self.growth)
        return ended
    }

    private func dispose() {
        lock.lock()
        let taken = entries
        let takenCount = count
        entries = nil
        count = 0
        capacity = 0
        endingCount = 0
        isDisposed = true
        lock.unlock()
        guard let taken else { return }
        for entry in taken..<taken + takenCount {
            entry.move().dispose()
        }
        MovableBuffer.deallocate(taken)
    }

    deinit { dispose() }
}

/// A bag's entry: a subscription to a subject (the most common, and what bags hold by thousands)
/// as itself, anything else as an existential.
private enum Entry {
    case subscription(RegistrySubscription)
    case other(Disposable)

    consuming func dispose() {
        switch consume self {
        case .subscription(let subscription): subscription.dispose()
        case .other(let disposable): disposable.dispose()
        }
    }

    /// Where the work the entry ends stands.
    var progress: EndState {
        switch self {
        case .subscription: .cannotEnd
        case .other(let disposable): endState(disposable)
        }
    }
}

/// Whether the work a disposable ends can end without the bag, and if so whether it has.
private enum EndState {
    /// Not a type the bag can ask (a subject's subscription, a user's disposable): kept.
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

import Synchronization

/// Collects disposables and disposes them when the bag is deallocated, in the order they came.
///
/// Keep one per owner (a view, a view model); to end everything early, replace it with a new bag.
/// A bag does not grow with subscriptions that already ended (a request per tap, each
/// `disposed(by: bag)`): as it grows it lets go of those whose sequence terminated or that were
/// disposed, which disposing again would not do anything to (RxSwift #2364). Subscriptions
/// to a subject are kept until the bag goes, since only the subject knows they ended.
public final class DisposeBag: @unchecked Sendable { // `disposables`/`isDisposed`/`sweepAt` only under `lock`
    private let lock = Lock()
    // Under the lock no two accesses can overlap, so they skip the dynamic exclusivity check, which
    // cost more than the append it guarded.
    @exclusivity(unchecked) private var disposables: [Disposable] = []
    @exclusivity(unchecked) private var isDisposed = false
    /// The count at which the next insert looks for ended entries: four times what the last look
    /// kept, so each entry is looked at about 1.3 times in all, however long the bag lives, and
    /// the bag holds at most four times what is still running (and 64 entries).
    @exclusivity(unchecked) private var sweepAt = DisposeBag.firstSweep

    private static let firstSweep = 64
    private static let growth = 4

    /// An empty bag.
    public init() {}

    /// Adds a disposable; if the bag is already disposed, disposes it at once.
    public func insert(_ disposable: consuming Disposable) {
        insertValue(disposable)
    }

    /// `insert` for a disposable of a known type (`disposed(by:)`'s, opened), which goes into the
    /// bag's storage from there: wrapped in an existential first to call `insert`, it cost a boxed
    /// existential's set-up and tear-down on every call.
    func insertValue<Value: Disposable>(_ disposable: Value) {
        // Not `performLocked`: a closure capturing the disposable copied it twice more.
        lock.lock()
        if !isDisposed {
            disposables.append(disposable)
            if disposables.count >= sweepAt { dropEnded() }
            lock.unlock()
            return
        }
        lock.unlock()
        disposable.dispose()
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    /// Adds several disposables.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    /// Lets go of the entries that ended; called under `lock`. Only the library's own atomics are
    /// read: no user code runs. Kept out of `insert`, whose locked part stays small enough to inline.
    @inline(never)
    private func dropEnded() {
        disposables.removeAll(where: hasEnded)
        sweepAt = max(Self.firstSweep, disposables.count * Self.growth)
    }

    private func dispose() {
        let taken: [Disposable] = lock.performLocked {
            defer {
                disposables.removeAll(keepingCapacity: false)
                isDisposed = true
            }
            return disposables
        }
        for disposable in taken { disposable.dispose() }
    }

    deinit { dispose() }
}

/// Whether the work `disposable` ends has ended already: a subscription whose sequence terminated
/// (its sink disposed itself), or a disposable already disposed.
///
/// Told by comparing the dynamic type with the library's own classes: a dynamic cast (`as?`) that
/// fails costs thousands of instructions, and most entries of a bag are of other types.
private func hasEnded(_ disposable: Disposable) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: disposable))
    // Metadata of the module's own non-generic classes is a constant: no lazy global to check.
    if type == ObjectIdentifier(SinkDisposer.self) { return unsafeDowncast(disposable as AnyObject, to: SinkDisposer.self).isDisposed }
    if type == ObjectIdentifier(ObservedSubscription.self) {
        return unsafeDowncast(disposable as AnyObject, to: ObservedSubscription.self).hasEnded
    }
    if type == ObjectIdentifier(AnonymousDisposable.self) {
        return unsafeDowncast(disposable as AnyObject, to: AnonymousDisposable.self).isDisposed
    }
    return false
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

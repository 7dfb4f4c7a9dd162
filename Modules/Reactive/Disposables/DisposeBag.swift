import Synchronization

/// Collects disposables and disposes them when the bag is deallocated, in the order they came.
///
/// Keep one per owner (a view, a view model); to end everything early, replace it with a new bag.
/// A bag does not grow with subscriptions that already ended (a request per tap, each
/// `disposed(by: bag)`): from time to time it lets go of those whose sequence terminated or that
/// were disposed, which disposing again would not do anything to (RxSwift #2364). Subscriptions
/// to a subject are kept until the bag goes, since only the subject knows they ended.
public final class DisposeBag: @unchecked Sendable { // `disposables`/`isDisposed`/`sweepAt` only under `lock`
    private let lock = Lock()
    private var disposables: [Disposable] = []
    private var isDisposed = false
    /// The count at which the next insert looks for ended entries: twice what the last look
    /// kept, so each entry is looked at about twice in all, however long the bag lives.
    private var sweepAt = DisposeBag.firstSweep

    private static let firstSweep = 64

    /// An empty bag.
    public init() {}

    /// Adds a disposable; if the bag is already disposed, disposes it at once.
    public func insert(_ disposable: Disposable) {
        let disposeNow = lock.performLocked {
            if isDisposed { return true }
            disposables.append(disposable)
            if disposables.count >= sweepAt {
                // Only the library's own atomics are read here: no user code under the lock.
                disposables.removeAll(where: hasEnded)
                sweepAt = max(Self.firstSweep, disposables.count * 2)
            }
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    /// Adds several disposables.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables { insert(disposable) }
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
/// (its sink disposed itself), or a disposable already disposed. Concrete classes only: a class
/// cast is a pointer comparison, where a protocol cast would look the conformance up.
private func hasEnded(_ disposable: Disposable) -> Bool {
    switch disposable {
    case let subscription as SinkDisposer: subscription.isDisposed
    case let subscription as ObservedSubscription: subscription.hasEnded
    case let action as AnonymousDisposable: action.isDisposed
    default: false
    }
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

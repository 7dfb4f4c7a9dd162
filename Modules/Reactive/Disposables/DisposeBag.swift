import Synchronization

/// Collects disposables and disposes them when the bag is deallocated.
///
/// Keep one per owner (a view, a view model); to end everything early, replace it with a new bag.
public final class DisposeBag: @unchecked Sendable { // `disposables`/`isDisposed` only under `lock`
    private let lock = Lock()
    private var disposables: [Disposable] = []
    private var isDisposed = false

    /// An empty bag.
    public init() {}

    /// Adds a disposable; if the bag is already disposed, disposes it at once.
    public func insert(_ disposable: Disposable) {
        let disposeNow = lock.performLocked {
            if isDisposed { return true }
            disposables.append(disposable)
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

extension DisposeBag {
    /// A bag filled with the disposables a result builder lists.
    public convenience init(@DisposableBuilder disposing disposables: () -> [Disposable]) {
        self.init()
        insert(disposables())
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

/// Disposes its disposable once it is disposed itself and every reference taken with `retain()`
/// has been released: a shared subscription stays alive while anything still uses it (`groupBy`'s
/// groups, `window`'s windows).
public final class RefCountDisposable: Cancelable, @unchecked Sendable {  // every var only under `lock`
    private let lock = Lock()
    private var disposable: Disposable?  // nil once disposed
    private var primaryDisposed = false
    private var count = 0

    /// A ref count over `disposable`.
    public init(disposable: Disposable) {
        self.disposable = disposable
    }

    /// Whether the underlying disposable was disposed.
    public var isDisposed: Bool { lock.performLocked { disposable == nil } }

    /// Takes a reference; disposing the result releases it. Once the underlying disposable is gone,
    /// returns a disposable that does nothing.
    public func retain() -> Disposable {
        let retained: Bool = lock.performLocked {
            if disposable == nil { return false }
            count += 1
            return true
        }
        guard retained else { return Disposables.create() }
        return Disposables.create(with: release)
    }

    /// Gives up the primary reference; the underlying disposable goes once no other is held.
    public func dispose() {
        let toDispose: Disposable? = lock.performLocked {
            guard let disposable, !primaryDisposed else { return nil }
            primaryDisposed = true
            if count != 0 { return nil }
            self.disposable = nil
            return disposable
        }
        toDispose?.dispose()
    }

    private func release() {
        let toDispose: Disposable? = lock.performLocked {
            guard let disposable else { return nil }
            count -= 1
            if count != 0 || !primaryDisposed { return nil }
            self.disposable = nil
            return disposable
        }
        toDispose?.dispose()
    }
}

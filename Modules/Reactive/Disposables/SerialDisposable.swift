import Synchronization

/// Holds one disposable at a time; setting a new one disposes the old one.
public final class SerialDisposable: Cancelable, @unchecked Sendable {  // `current`/`disposed` only under `lock`
    private let lock = Lock()
    private var current: Disposable?
    private var disposed = false

    /// An empty serial disposable.
    public init() {}

    /// Whether it was disposed.
    public var isDisposed: Bool { lock.performLocked { disposed } }

    /// The current disposable; setting one disposes the previous, or the new one if already disposed.
    public var disposable: Disposable {
        get { lock.performLocked { current ?? Disposables.create() } }
        set {
            let (old, disposeNew): (Disposable?, Bool) = lock.performLocked {
                if disposed { return (nil, true) }
                defer { current = newValue }
                return (current, false)
            }
            old?.dispose()
            if disposeNew { newValue.dispose() }
        }
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        let old: Disposable? = lock.performLocked {
            if disposed { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        old?.dispose()
    }
}

import Synchronization

/// Holds a disposable that is set exactly once; a disposal before it is set disposes it on arrival.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {  // `state` atomic publishes `current`
    private struct Flag {
        static let disposed = 1
        static let set = 2
    }

    private let state = Atomic<Int>(0)
    private var current: Disposable?

    /// An empty single-assignment disposable.
    public init() {}

    /// Whether it was disposed.
    public var isDisposed: Bool { state.load(ordering: .acquiring) & Flag.disposed != 0 }

    /// Sets the disposable. Setting it twice is a programming error.
    public func setDisposable(_ disposable: Disposable) {
        current = disposable
        let previous = state.bitwiseOr(Flag.set, ordering: .acquiringAndReleasing).oldValue
        if previous & Flag.set != 0 {
            rxFatalError("SingleAssignmentDisposable.setDisposable was called twice")
        }
        if previous & Flag.disposed != 0 {
            disposable.dispose()
            current = nil
        }
    }

    /// Disposes the disposable, now or when it is set.
    public func dispose() {
        let previous = state.bitwiseOr(Flag.disposed, ordering: .acquiringAndReleasing).oldValue
        if previous & Flag.disposed != 0 { return }
        if previous & Flag.set != 0 {
            current?.dispose()
            current = nil
        }
    }
}

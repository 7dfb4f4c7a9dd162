import Synchronization

/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable, Sendable {
    /// A disposable that is already disposed.
    public static let booleanDisposableTrue = BooleanDisposable(isDisposed: true)

    private let disposed: Atomic<Bool>

    /// A disposable, disposed or not.
    public init(isDisposed: Bool = false) {
        disposed = Atomic(isDisposed)
    }

    /// Whether `dispose` was called.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Marks it disposed.
    public func dispose() { disposed.store(true, ordering: .releasing) }
}

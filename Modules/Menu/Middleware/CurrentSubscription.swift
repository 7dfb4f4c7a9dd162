import Reactive

/// The one subscription a middleware item keeps open: replaced by the next, disposed with the item.
///
/// Items run one action at a time (the store processes actions in turn), so `replace` is never
/// called concurrently; `SerialDisposable` makes the disposal from `deinit` safe on any thread.
final class CurrentSubscription: Sendable {
    private let current = SerialDisposable()

    /// Disposes the current subscription, then keeps the one `subscribe` makes.
    func replace(with subscribe: () -> Disposable) {
        // The old one goes first, so it cannot deliver after the new one has started.
        current.disposable = Disposables.create()
        current.disposable = subscribe()
    }

    deinit {
        current.dispose()
    }
}

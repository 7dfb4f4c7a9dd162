import Reactive

/// A real-time listener added with `addOnConfigUpdateListener`; `remove()` ends it (Firebase's
/// `ConfigUpdateListenerRegistration`).
public final class ConfigUpdateListenerRegistration: Sendable {
    private let subscription: SingleAssignmentDisposable

    init(subscription: SingleAssignmentDisposable) {
        self.subscription = subscription
    }

    /// Stops the listener; when it was the last one, real-time listening stops.
    public func remove() {
        subscription.dispose()
    }
}

extension RemoteConfigProtocol {
    /// Calls `listener` with each real-time update, with each update that could not be fetched
    /// (`.updateNotFetched`, listening goes on), or once with the error that ended listening
    /// (Firebase's `addOnConfigUpdateListener(remoteConfigUpdateCompletion:)`); on the
    /// implementation's queue.
    @discardableResult
    public func addOnConfigUpdateListener(
        remoteConfigUpdateCompletion listener: @escaping @Sendable (RemoteConfigUpdate?, Error?) -> Void
    ) -> ConfigUpdateListenerRegistration {
        let subscription = SingleAssignmentDisposable()
        let failures = realtimeUpdateFailures.subscribe(onNext: { listener(nil, $0) })
        let updates = realtimeUpdates.subscribe(
            onNext: { listener($0, nil) },
            onError: { listener(nil, $0) })
        subscription.setDisposable(Disposables.create(updates, failures))
        return ConfigUpdateListenerRegistration(subscription: subscription)
    }

    /// The real-time updates as an async sequence (Firebase's `configUpdates`:
    /// `for try await update in remoteConfig.configUpdates`); ending the loop stops listening when no
    /// one else listens.
    public var configUpdates: AsyncThrowingStream<RemoteConfigUpdate, Error> {
        realtimeUpdates.values
    }
}

import Reactive

/// The tutorial's updater mock: records that `sync()` was called and emits `error` as an event when set.
final class DatabaseUpdaterMock: DatabaseUpdater {
    private let state = Locked<(isSync: Bool, error: (any Error)?)>((false, nil))

    /// Whether `sync()` was called.
    var isSync: Bool {
        get { state.withLock { $0.isSync } }
        set { state.withLock { $0.isSync = newValue } }
    }

    /// The error the next syncs emit as an event; nil for a sync that emits nothing.
    var error: (any Error)? {
        get { state.withLock { $0.error } }
        set { state.withLock { $0.error = newValue } }
    }

    func sync<T>() -> Observable<Event<T>> {
        let error = state.withLock {
            $0.isSync = true
            return $0.error
        }
        guard let error else { return Observable.empty() }
        return Observable.just(Event.error(error))
    }
}

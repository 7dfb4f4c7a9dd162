import Foundation
import Reactive

// `.rx` is declared on the protocol with the existential as its base, rather than through
// `ReactiveCompatible` (whose `rx` is `Reactive<Self>`): callers hold an `any RemoteConfigProtocol`
// (the tutorial's `DatabaseUpdater` does), and Swift cannot open `Reactive<Self>` on an existential, nor
// does an existential satisfy `where Base: RemoteConfigProtocol`. A conforming type must therefore
// not adopt `ReactiveCompatible` as well, or `rx` becomes ambiguous on it.
extension RemoteConfigProtocol {
    /// The reactive namespace: `remoteConfig.rx.fetchAndActivate()`.
    public var rx: Reactive<any RemoteConfigProtocol> {
        Reactive(self)
    }
}

extension Reactive where Base == any RemoteConfigProtocol {
    /// On each subscription calls `fetchAndActivate`, emits its `(status, error)` once and completes; never errors.
    // The call is made during subscription, not later: the tutorial's test fires the mock's stored handler
    // right after subscribing.
    public func fetchAndActivate() -> Observable<(RemoteConfigFetchAndActivateStatus, (any Error)?)> {
        let remoteConfig = base
        return Observable.create { observer in
            let delivery = OneShotObserver(observer)
            remoteConfig.fetchAndActivate { status, error in
                delivery.deliver((status, error))
            }
            return Disposables.create { delivery.cancel() }
        }
    }

    /// On each subscription calls `fetchNowAndActivate` (a fetch that ignores the minimum
    /// interval), emits its `(status, error)` once and completes; never errors.
    public func fetchNowAndActivate() -> Observable<(RemoteConfigFetchAndActivateStatus, (any Error)?)> {
        let remoteConfig = base
        return Observable.create { observer in
            let delivery = OneShotObserver(observer)
            remoteConfig.fetchNowAndActivate { status, error in
                delivery.deliver((status, error))
            }
            return Disposables.create { delivery.cancel() }
        }
    }

    /// On each subscription calls `fetch` (the settings' interval when `nil`), emits `(status, error)` once, completes.
    public func fetch(withExpirationDuration expirationDuration: TimeInterval? = nil)
        -> Observable<(RemoteConfigFetchStatus, (any Error)?)>
    {
        let remoteConfig = base
        return Observable.create { observer in
            let delivery = OneShotObserver(observer)
            let expiration = expirationDuration ?? remoteConfig.configSettings.minimumFetchInterval
            remoteConfig.fetch(withExpirationDuration: expiration) { status, error in
                delivery.deliver((status, error))
            }
            return Disposables.create { delivery.cancel() }
        }
    }

    /// On each subscription calls `activate`, then emits its `(changed, error)` once and completes.
    public func activate() -> Observable<(Bool, (any Error)?)> {
        let remoteConfig = base
        return Observable.create { observer in
            let delivery = OneShotObserver(observer)
            remoteConfig.activate { changed, error in
                delivery.deliver((changed, error))
            }
            return Disposables.create { delivery.cancel() }
        }
    }

    /// Every activation that changed active values (the base's `activations`).
    public var activations: Observable<RemoteConfigUpdate> {
        base.activations
    }

    /// The name `activations` had: Firebase's own `configUpdates` is the real-time listener's
    /// announcement of a published template, before anything is activated.
    @available(*, deprecated, renamed: "activations")
    public var configUpdates: Observable<RemoteConfigUpdate> {
        activations
    }
}

/// Holds an observer until one completion handler delivers to it. The handler may run on any thread,
/// so `lock` makes it and disposal agree on who takes the observer: the value goes out at most once,
/// and a disposed subscription hears nothing.
private final class OneShotObserver<Element>: @unchecked Sendable {  // `lock` guards `observer`
    private let lock = NSLock()
    private var observer: AnyObserver<Element>?

    init(_ observer: AnyObserver<Element>) {
        self.observer = observer
    }

    func deliver(_ element: Element) {
        guard let observer = take() else { return }
        observer.onNext(element)
        observer.onCompleted()
    }

    func cancel() {
        _ = take()
    }

    private func take() -> AnyObserver<Element>? {
        lock.lock()
        defer { lock.unlock() }
        return observer.take()
    }
}

import Foundation
import Reactive
import RemoteConfigInterface

/// An in-memory remote config with canned server values, for tests and the app's `--fake` mode.
///
/// It behaves like the live client without a network: a fetch copies `serverValues` (unless the
/// minimum interval has not passed or `fetchError` is set), activation makes them active, and the
/// statuses are Firebase's, as the live client's are. Handlers run synchronously on the caller's thread.
public final class FakeRemoteConfig: RemoteConfigProtocol {
    private struct State {
        var serverValues: [String: String]
        var fetched: [String: String]?
        var active: [String: String]
        var defaults: [String: RemoteConfigDefaultValue]
        var fetchError: (any Error)?
        var fetchCount = 0
        var configSettings = RemoteConfigSettings()
        var lastFetchStatus = RemoteConfigFetchStatus.noFetchYet
        var lastFetchTime: Date?
        var customSignals: [String: String] = [:]
    }

    /// What a fetch found: the error, or whether the network (pretend) was reached.
    private enum FetchOutcome {
        case failed(any Error)
        case fetched
        case usedCache
    }

    // Shared by the app's threads or a test and the code under test; every read and write holds it.
    private let state: Locked<State>
    private let activated = PublishSubject<RemoteConfigUpdate>()
    private let realtime = PublishSubject<RemoteConfigUpdate>()
    private let now: @Sendable () -> Date

    /// A fake whose server holds `serverValues`, with `activeValues` already active, and the clock `now`.
    public init(
        serverValues: [String: String] = [:],
        activeValues: [String: String] = [:],
        defaults: [String: RemoteConfigDefaultValue] = [:],
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        state = Locked(State(serverValues: serverValues, active: activeValues, defaults: defaults))
        self.now = now
    }

    /// A fake whose server holds the sample template (seller contacts and a menu).
    public static func sample() -> FakeRemoteConfig {
        FakeRemoteConfig(serverValues: RemoteConfigSample.entries)
    }

    /// What the pretend server holds; the next fetch that reaches it brings these values.
    public var serverValues: [String: String] {
        get { state.withLock { $0.serverValues } }
        set { state.withLock { $0.serverValues = newValue } }
    }

    /// When set, fetches that would reach the server fail with this error instead.
    public var fetchError: (any Error)? {
        get { state.withLock { $0.fetchError } }
        set { state.withLock { $0.fetchError = newValue } }
    }

    /// How many fetches reached the pretend server (or failed trying).
    public var fetchCount: Int {
        state.withLock { $0.fetchCount }
    }

    // MARK: RemoteConfigProtocol

    /// Settings; `minimumFetchInterval` is honoured against the injected clock.
    public var configSettings: RemoteConfigSettings {
        get { state.withLock { $0.configSettings } }
        set { state.withLock { $0.configSettings = newValue } }
    }

    /// The outcome of the latest fetch that was attempted.
    public var lastFetchStatus: RemoteConfigFetchStatus {
        state.withLock { $0.lastFetchStatus }
    }

    /// When the last successful fetch happened, by the injected clock.
    public var lastFetchTime: Date? {
        state.withLock { $0.lastFetchTime }
    }

    /// Fetches and activates; `.successFetchedFromRemote` when the fetch reached the pretend server.
    public func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        fetchAndActivate(expiration: configSettings.minimumFetchInterval, completionHandler: completionHandler)
    }

    /// Fetches whatever the minimum interval, then activates; the statuses are `fetchAndActivate`'s.
    public func fetchNowAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        fetchAndActivate(expiration: 0, completionHandler: completionHandler)
    }

    private func fetchAndActivate(expiration: TimeInterval, completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        let (outcome, pending, update) = state.withLock { state -> (FetchOutcome, Bool, RemoteConfigUpdate?) in
            let outcome = fetch(&state, expiration: expiration)
            if case .failed = outcome { return (outcome, false, nil) }
            let pending = state.fetched.map { $0 != state.active } ?? false
            return (outcome, pending, activate(&state))
        }
        // Subscribers hear the update before the handler runs, as with the live client, and outside
        // the lock: a subscriber may read the fake.
        if let update { activated.onNext(update) }
        switch outcome {
        case .failed(let error): completionHandler?(.error, error)
        case .fetched: completionHandler?(.successFetchedFromRemote, nil)
        case .usedCache: completionHandler?(pending ? .successFetchedFromRemote : .successUsingPreFetchedData, nil)
        }
    }

    /// Copies the server values unless the last successful fetch is younger than `expirationDuration`.
    public func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        let outcome = state.withLock { fetch(&$0, expiration: expirationDuration) }
        if case .failed(let error) = outcome {
            completionHandler?(.failure, error)
        } else {
            completionHandler?(.success, nil)
        }
    }

    /// Makes the fetched values active.
    public func activate(completion: RemoteConfigActivateCompletion?) {
        let update = state.withLock { activate(&$0) }
        if let update { activated.onNext(update) }
        completion?(update != nil, nil)
    }

    /// The active value, else the default, else the empty static value.
    public func configValue(forKey key: String) -> RemoteConfigValue {
        state.withLock { state in
            if let value = state.active[key] { return RemoteConfigValue(string: value, source: .remote) }
            if let value = state.defaults[key] { return RemoteConfigValue(data: value.data, source: .default) }
            return .empty
        }
    }

    /// The value from one source only.
    public func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue {
        state.withLock { state in
            switch source {
            case .remote: state.active[key].map { RemoteConfigValue(string: $0, source: .remote) } ?? .empty
            case .default: state.defaults[key].map { RemoteConfigValue(data: $0.data, source: .default) } ?? .empty
            case .static: .empty
            }
        }
    }

    /// The active or default keys, sorted.
    public func allKeys(from source: RemoteConfigSource) -> [String] {
        state.withLock { state in
            switch source {
            case .remote: state.active.keys.sorted()
            case .default: state.defaults.keys.sorted()
            case .static: []
            }
        }
    }

    /// Replaces the defaults.
    public func setDefaults(_ defaults: [String: RemoteConfigDefaultValue]) {
        state.withLock { $0.defaults = defaults }
    }

    /// The default for `key`.
    public func defaultValue(forKey key: String) -> RemoteConfigValue? {
        state.withLock { $0.defaults[key].map { RemoteConfigValue(data: $0.data, source: .default) } }
    }

    /// Every activation that changed active values.
    public var activations: Observable<RemoteConfigUpdate> {
        activated.asObservable()
    }

    /// Merges the signals into the ones kept in memory, within Firebase's limits.
    public func setCustomSignals(_ customSignals: [String: CustomSignalValue?]) async throws {
        try state.withLock { state throws in
            state.customSignals = try CustomSignals.merge(customSignals, into: state.customSignals)
        }
    }

    /// The custom signals set so far.
    public var customSignals: [String: String] {
        state.withLock { $0.customSignals }
    }

    // MARK: Steps, run while holding the state's lock

    private func fetch(_ state: inout State, expiration: TimeInterval) -> FetchOutcome {
        let time = now()
        if let last = state.lastFetchTime, time.timeIntervalSince(last) < expiration { return .usedCache }
        state.fetchCount += 1
        if let error = state.fetchError {
            state.lastFetchStatus = .failure
            return .failed(error)
        }
        state.fetched = state.serverValues
        state.lastFetchStatus = .success
        state.lastFetchTime = time
        return .fetched
    }

    /// Makes the fetched values active; the update when any active value changed.
    private func activate(_ state: inout State) -> RemoteConfigUpdate? {
        guard let fetched = state.fetched else { return nil }
        let update = RemoteConfigUpdate(changesFrom: state.active, to: fetched)
        state.active = fetched
        return update.updatedKeys.isEmpty ? nil : update
    }

    /// Real-time updates: what `publish(_:)` brings.
    public var realtimeUpdates: Observable<RemoteConfigUpdate> {
        realtime.asObservable()
    }

    /// Publishes `values` on the pretend server, as a real-time listener sees a new template: the
    /// values are fetched at once (whatever the minimum interval), not activated, and when they
    /// differ from the active ones, real-time subscribers get the update naming the keys that
    /// differ; they activate if they want the values (as with Firebase).
    public func publish(_ values: [String: String]) {
        let update = state.withLock { state -> RemoteConfigUpdate? in
            state.serverValues = values
            guard case .fetched = fetch(&state, expiration: 0), let fetched = state.fetched else { return nil }
            let update = RemoteConfigUpdate(changesFrom: state.active, to: fetched)
            return update.updatedKeys.isEmpty ? nil : update
        }
        guard let update else { return }
        realtime.onNext(update)
    }
}

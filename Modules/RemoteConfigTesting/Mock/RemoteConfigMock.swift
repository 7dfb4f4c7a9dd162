import Foundation
import Reactive
import RemoteConfigInterface

/// The seed's hand-driven mock: it records what was called and holds the completion handlers, so a
/// test decides when and how a fetch ends (`remoteConfig.completionHandler?(.successFetchedFromRemote, nil)`).
///
/// Nothing happens on its own: `fetchAndActivate` only stores the handler and sets `isFetchAndActivate`;
/// reading a value sets `isSubscript` and answers from `values`, then the defaults.
public final class RemoteConfigMock: RemoteConfigProtocol {
    private struct State {
        var isFetchAndActivate = false
        var isSubscript = false
        var isFetch = false
        var isActivate = false
        var completionHandler: RemoteConfigFetchAndActivateCompletion?
        var fetchCompletionHandler: RemoteConfigFetchCompletion?
        var activateCompletion: RemoteConfigActivateCompletion?
        var lastFetchExpirationDuration: TimeInterval?
        var values: [String: RemoteConfigValue] = [:]
        var defaults: [String: RemoteConfigDefaultValue] = [:]
        var configSettings = RemoteConfigSettings()
        var lastFetchStatus = RemoteConfigFetchStatus.noFetchYet
        var lastFetchTime: Date?
    }

    // The mock is shared between the test and the code under test, which may call it from a scheduler's thread.
    private let state: Locked<State>
    private let updates = PublishSubject<RemoteConfigUpdate>()

    /// A mock that answers reads from `values` (remote), then the defaults.
    public init(values: [String: RemoteConfigValue] = [:]) {
        state = Locked(State(values: values))
    }

    /// Whether `fetchAndActivate` was called; a test resets it between steps.
    public var isFetchAndActivate: Bool {
        get { state.withLock { $0.isFetchAndActivate } }
        set { state.withLock { $0.isFetchAndActivate = newValue } }
    }

    /// Whether a value was read (subscript or `configValue`); a test resets it between steps.
    public var isSubscript: Bool {
        get { state.withLock { $0.isSubscript } }
        set { state.withLock { $0.isSubscript = newValue } }
    }

    /// Whether `fetch` was called.
    public var isFetch: Bool {
        get { state.withLock { $0.isFetch } }
        set { state.withLock { $0.isFetch = newValue } }
    }

    /// Whether `activate` was called.
    public var isActivate: Bool {
        get { state.withLock { $0.isActivate } }
        set { state.withLock { $0.isActivate = newValue } }
    }

    /// The handler of the latest `fetchAndActivate`; the test calls it to end that fetch.
    public var completionHandler: RemoteConfigFetchAndActivateCompletion? {
        get { state.withLock { $0.completionHandler } }
        set { state.withLock { $0.completionHandler = newValue } }
    }

    /// The handler of the latest `fetch`; the test calls it to end that fetch.
    public var fetchCompletionHandler: RemoteConfigFetchCompletion? {
        get { state.withLock { $0.fetchCompletionHandler } }
        set { state.withLock { $0.fetchCompletionHandler = newValue } }
    }

    /// The handler of the latest `activate`; the test calls it to end that activation.
    public var activateCompletion: RemoteConfigActivateCompletion? {
        get { state.withLock { $0.activateCompletion } }
        set { state.withLock { $0.activateCompletion = newValue } }
    }

    /// The expiration duration the latest `fetch` asked for.
    public var lastFetchExpirationDuration: TimeInterval? {
        state.withLock { $0.lastFetchExpirationDuration }
    }

    /// The remote values that reads answer with.
    public var values: [String: RemoteConfigValue] {
        get { state.withLock { $0.values } }
        set { state.withLock { $0.values = newValue } }
    }

    /// The defaults last set.
    public var defaults: [String: RemoteConfigDefaultValue] {
        state.withLock { $0.defaults }
    }

    /// Sends an update to `configUpdates` subscribers, as an activation that changed values would.
    public func sendConfigUpdate(_ update: RemoteConfigUpdate) {
        updates.onNext(update)
    }

    // MARK: RemoteConfigProtocol

    /// Settings, stored and returned as set.
    public var configSettings: RemoteConfigSettings {
        get { state.withLock { $0.configSettings } }
        set { state.withLock { $0.configSettings = newValue } }
    }

    /// The status a test set (`.noFetchYet` at first).
    public var lastFetchStatus: RemoteConfigFetchStatus {
        get { state.withLock { $0.lastFetchStatus } }
        set { state.withLock { $0.lastFetchStatus = newValue } }
    }

    /// The time a test set (`nil` at first).
    public var lastFetchTime: Date? {
        get { state.withLock { $0.lastFetchTime } }
        set { state.withLock { $0.lastFetchTime = newValue } }
    }

    /// Records the call and keeps the handler for the test to fire.
    public func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        state.withLock {
            $0.isFetchAndActivate = true
            $0.completionHandler = completionHandler
        }
    }

    /// Records the call and keeps the handler for the test to fire.
    public func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        state.withLock {
            $0.isFetch = true
            $0.lastFetchExpirationDuration = expirationDuration
            $0.fetchCompletionHandler = completionHandler
        }
    }

    /// Records the call and keeps the handler for the test to fire.
    public func activate(completion: RemoteConfigActivateCompletion?) {
        state.withLock {
            $0.isActivate = true
            $0.activateCompletion = completion
        }
    }

    /// Records the read and answers from `values`, then the defaults.
    public subscript(key: String) -> RemoteConfigValue {
        configValue(forKey: key)
    }

    /// Records the read and answers from `values`, then the defaults.
    public func configValue(forKey key: String) -> RemoteConfigValue {
        state.withLock {
            $0.isSubscript = true
            if let value = $0.values[key] { return value }
            if let value = $0.defaults[key] { return RemoteConfigValue(data: value.data, source: .default) }
            return .empty
        }
    }

    /// Records the read and answers from the one source.
    public func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue {
        state.withLock {
            $0.isSubscript = true
            switch source {
            case .remote: return $0.values[key] ?? .empty
            case .default: return $0.defaults[key].map { RemoteConfigValue(data: $0.data, source: .default) } ?? .empty
            case .static: return .empty
            }
        }
    }

    /// The keys of `values` or of the defaults, sorted.
    public func allKeys(from source: RemoteConfigSource) -> [String] {
        state.withLock {
            switch source {
            case .remote: $0.values.keys.sorted()
            case .default: $0.defaults.keys.sorted()
            case .static: []
            }
        }
    }

    /// Stores the defaults.
    public func setDefaults(_ defaults: [String: RemoteConfigDefaultValue]) {
        state.withLock { $0.defaults = defaults }
    }

    /// The stored default for `key`.
    public func defaultValue(forKey key: String) -> RemoteConfigValue? {
        state.withLock { $0.defaults[key].map { RemoteConfigValue(data: $0.data, source: .default) } }
    }

    /// What `sendConfigUpdate` sends.
    public var configUpdates: Observable<RemoteConfigUpdate> {
        updates.asObservable()
    }
}

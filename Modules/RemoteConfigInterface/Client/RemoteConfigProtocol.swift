import Foundation
import Reactive

/// A Firebase-style remote config: fetched values, in-app defaults, and the activation between them.
///
/// Implementations are reference types shared across threads (the live client, the fakes), so the
/// protocol is class-bound and `Sendable`. Completion handlers run on a queue of the implementation's
/// choosing, never necessarily the caller's; the `.rx` and `async` forms wrap them.
public protocol RemoteConfigProtocol: AnyObject, Sendable {
    /// How often fetches may reach the network and how long one may take.
    var configSettings: RemoteConfigSettings { get set }

    /// The outcome of the most recent fetch attempt.
    var lastFetchStatus: RemoteConfigFetchStatus { get }

    /// When the last successful fetch completed, or `nil` before the first one.
    var lastFetchTime: Date? { get }

    /// Fetches unless the minimum fetch interval has not passed, then activates what was fetched.
    func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?)

    /// Fetches now, ignoring the minimum fetch interval (a back-off still holds), then activates;
    /// reports the statuses `fetchAndActivate` reports.
    func fetchNowAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?)

    /// Fetches unless the last successful fetch is younger than `expirationDuration` seconds; activates nothing.
    func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?)

    /// Makes the last fetched values the active ones; `changed` tells whether any active value changed.
    func activate(completion: RemoteConfigActivateCompletion?)

    /// The value for `key`: the active remote value, else the default, else an empty static value.
    subscript(key: String) -> RemoteConfigValue { get }

    /// The value for `key`: the active remote value, else the default, else an empty static value.
    func configValue(forKey key: String) -> RemoteConfigValue

    /// The value for `key` from one source only (an empty static value when that source lacks it).
    func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue

    /// The keys that `source` holds, sorted (`.static` holds none).
    func allKeys(from source: RemoteConfigSource) -> [String]

    /// Replaces the in-app defaults.
    func setDefaults(_ defaults: [String: RemoteConfigDefaultValue])

    /// Sets custom signals, which every later fetch sends for the server's conditions (Firebase's
    /// `setCustomSignals`): a `nil` value removes its key, the others replace or add theirs. Kept
    /// across launches where the implementation keeps state. Throws
    /// `RemoteConfigCustomSignalsError` past Firebase's limits, changing nothing.
    func setCustomSignals(_ customSignals: [String: CustomSignalValue?]) async throws

    /// The in-app default for `key`, if there is one.
    func defaultValue(forKey key: String) -> RemoteConfigValue?

    /// Every activation that changed active values, with the keys it changed (hot: no replay).
    var activations: Observable<RemoteConfigUpdate> { get }

    /// Real-time updates (Firebase's `addOnConfigUpdateListener`): while anyone is subscribed, the
    /// implementation listens for newly published templates, fetches each one newer than the last
    /// fetched one, and sends the keys whose fetched value differs from the active one. Nothing is
    /// activated: as with Firebase, the listener decides, usually by calling `activate()`. The first
    /// subscriber starts listening, the last one to leave stops it. It ends with an error only when
    /// listening cannot go on (`.realtimeDisabled`, a status that is not retried); a dropped
    /// connection or a server that is down for a while is waited out. With no server it never sends anything.
    var realtimeUpdates: Observable<RemoteConfigUpdate> { get }

    /// Each published template that real-time listening could not fetch (Firebase's
    /// `CONFIG_UPDATE_NOT_FETCHED`, sent to its listeners' error handlers): `.updateNotFetched`, once
    /// per announced version, while listening goes on and the values in use stay as they were.
    /// Nothing arrives unless someone is subscribed to `realtimeUpdates`; subscribing here does not
    /// start listening.
    var realtimeUpdateFailures: Observable<RemoteConfigError> { get }
}

extension RemoteConfigProtocol {
    /// Never sends: for an implementation whose real-time updates cannot fail to be fetched.
    public var realtimeUpdateFailures: Observable<RemoteConfigError> { .never() }
}

extension RemoteConfigProtocol {
    /// The value for `key`, through `configValue(forKey:)`.
    public subscript(key: String) -> RemoteConfigValue {
        configValue(forKey: key)
    }

    /// Fetches unless the minimum fetch interval of `configSettings` has not passed; activates nothing.
    public func fetch(completionHandler: RemoteConfigFetchCompletion?) {
        fetch(withExpirationDuration: configSettings.minimumFetchInterval, completionHandler: completionHandler)
    }
}

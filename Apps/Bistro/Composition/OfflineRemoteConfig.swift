import Foundation
import Reactive
import RemoteConfigInterface

/// The live remote config when no server is configured: reads, defaults and activation go to the
/// live client (its state file stays the one truth), fetches never reach the network.
///
/// `LiveRemoteConfig` has no "no server" mode (it would call Firebase's real endpoint), hence this
/// adapter in the app. A fetch-and-activate reports `successUsingPreFetchedData`: the compiled-in
/// defaults, or values fetched from a server on an earlier run, are all there is.
final class OfflineRemoteConfig: RemoteConfigProtocol {
    private let base: any RemoteConfigProtocol

    init(wrapping base: any RemoteConfigProtocol) {
        self.base = base
    }

    var configSettings: RemoteConfigSettings {
        get { base.configSettings }
        set { base.configSettings = newValue }
    }

    var lastFetchStatus: RemoteConfigFetchStatus { base.lastFetchStatus }
    var lastFetchTime: Date? { base.lastFetchTime }

    func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        completionHandler?(.successUsingPreFetchedData, nil)
    }

    func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        // Nothing to fetch from: succeeding with nothing new lets an explicit fetch go on to activate.
        completionHandler?(.success, nil)
    }

    func activate(completion: RemoteConfigActivateCompletion?) { base.activate(completion: completion) }
    func configValue(forKey key: String) -> RemoteConfigValue { base.configValue(forKey: key) }
    func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue {
        base.configValue(forKey: key, source: source)
    }
    func allKeys(from source: RemoteConfigSource) -> [String] { base.allKeys(from: source) }
    func setDefaults(_ defaults: [String: RemoteConfigDefaultValue]) { base.setDefaults(defaults) }
    func defaultValue(forKey key: String) -> RemoteConfigValue? { base.defaultValue(forKey: key) }
    var configUpdates: Observable<RemoteConfigUpdate> { base.configUpdates }
}

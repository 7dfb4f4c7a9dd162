import Foundation
import Reactive
import RemoteConfigInterface

/// Remote config as the features see it after the app's one fetch of the run: their own
/// fetch-and-activate answers at once with that fetch's outcome; everything else goes to `base`.
///
/// The features' syncs then never start a second network request, and their writes are queued by
/// the time they are subscribed, so a command can wait for them with a barrier write.
final class FetchedOnceRemoteConfig: RemoteConfigProtocol {
    private let base: any RemoteConfigProtocol
    private let outcome: RemoteConfigSync.Outcome

    init(base: any RemoteConfigProtocol, outcome: RemoteConfigSync.Outcome) {
        self.base = base
        self.outcome = outcome
    }

    var configSettings: RemoteConfigSettings {
        get { base.configSettings }
        set { base.configSettings = newValue }
    }

    var lastFetchStatus: RemoteConfigFetchStatus { base.lastFetchStatus }
    var lastFetchTime: Date? { base.lastFetchTime }

    func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        completionHandler?(outcome.status, outcome.error)
    }

    func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        base.fetch(withExpirationDuration: expirationDuration, completionHandler: completionHandler)
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

import Foundation
import Reactive
import RemoteConfigInterface

/// Remote config that passes everything to `base` except what the conforming type implements
/// itself (the app's adapters change only what fetch-and-activate reports to a feature).
protocol RemoteConfigDecorator: RemoteConfigProtocol {
    /// The remote config everything else goes to.
    var base: any RemoteConfigProtocol { get }
}

extension RemoteConfigDecorator {
    var configSettings: RemoteConfigSettings {
        get { base.configSettings }
        set { base.configSettings = newValue }
    }

    var lastFetchStatus: RemoteConfigFetchStatus { base.lastFetchStatus }
    var lastFetchTime: Date? { base.lastFetchTime }

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

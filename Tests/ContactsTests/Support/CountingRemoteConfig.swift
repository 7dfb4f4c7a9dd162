import Foundation
import Reactive
import RemoteConfigInterface
import RemoteConfigTesting

/// The hand-fired `RemoteConfigMock`, counting how many times `fetchAndActivate` was called.
final class CountingRemoteConfig: RemoteConfigProtocol {
    /// The mock every call goes to; fire `mock.completionHandler` to end the fetch.
    let mock: RemoteConfigMock
    private let count = Locked(0)

    init(mock: RemoteConfigMock = RemoteConfigMock()) {
        self.mock = mock
    }

    /// How many times `fetchAndActivate` was called.
    var fetchAndActivateCount: Int { count.withLock { $0 } }

    func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        count.withLock { $0 += 1 }
        mock.fetchAndActivate(completionHandler: completionHandler)
    }

    var configSettings: RemoteConfigSettings {
        get { mock.configSettings }
        set { mock.configSettings = newValue }
    }

    var lastFetchStatus: RemoteConfigFetchStatus { mock.lastFetchStatus }
    var lastFetchTime: Date? { mock.lastFetchTime }

    func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        mock.fetch(withExpirationDuration: expirationDuration, completionHandler: completionHandler)
    }

    func activate(completion: RemoteConfigActivateCompletion?) { mock.activate(completion: completion) }
    func configValue(forKey key: String) -> RemoteConfigValue { mock.configValue(forKey: key) }

    func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue {
        mock.configValue(forKey: key, source: source)
    }

    func allKeys(from source: RemoteConfigSource) -> [String] { mock.allKeys(from: source) }
    func setDefaults(_ defaults: [String: RemoteConfigDefaultValue]) { mock.setDefaults(defaults) }
    func defaultValue(forKey key: String) -> RemoteConfigValue? { mock.defaultValue(forKey: key) }
    var configUpdates: Observable<RemoteConfigUpdate> { mock.configUpdates }
}

import Foundation

/// How often fetches may reach the network and how long one may take.
public struct RemoteConfigSettings: Sendable, Hashable {
    /// Firebase's default minimum fetch interval: 12 hours.
    public static let defaultMinimumFetchInterval: TimeInterval = 12 * 60 * 60

    /// Firebase's default fetch timeout: 60 seconds.
    public static let defaultFetchTimeout: TimeInterval = 60

    /// Seconds that must pass after a successful fetch before `fetchAndActivate` reaches the network again.
    public var minimumFetchInterval: TimeInterval

    /// Seconds a fetch may take in total before it fails with `RemoteConfigError.timedOut`.
    public var fetchTimeout: TimeInterval

    /// Settings with the given values, Firebase's defaults unless stated.
    public init(
        minimumFetchInterval: TimeInterval = RemoteConfigSettings.defaultMinimumFetchInterval,
        fetchTimeout: TimeInterval = RemoteConfigSettings.defaultFetchTimeout
    ) {
        self.minimumFetchInterval = minimumFetchInterval
        self.fetchTimeout = fetchTimeout
    }
}

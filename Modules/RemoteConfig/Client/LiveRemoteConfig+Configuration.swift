import Foundation
import RemoteConfigInterface

extension LiveRemoteConfig {
    /// The Firebase app, the servers, where the client keeps its state, and its injectable clock and randomness.
    public struct Configuration: Sendable {
        /// The Firebase app: project, app ID, API key and app identity.
        public var options: FirebaseOptions
        /// Where Installations, fetches and the real-time stream go (Google's hosts by default);
        /// `nil` means no server: fetches answer from the stored and default values and never reach
        /// the network (see `offline(storageURL:)`).
        public var servers: FirebaseServers?
        /// The config namespace (the `{namespace}` of the paths), Firebase's default "firebase".
        public var namespace: String
        /// The file that holds fetched, active and default values and the fetch bookkeeping.
        public var storageURL: URL
        /// The file that holds the registered installation; beside `storageURL` by default.
        public var installationsStorageURL: URL
        /// The app version, sent as `appVersion` (for version conditions).
        public var appVersion: String?
        /// The app's build number, sent as `appBuild`.
        public var appBuild: String?
        /// The language sent as `languageCode`, for language conditions on the server.
        public var languageCode: String
        /// The region sent as `countryCode`, for country conditions; `nil` sends none.
        public var countryCode: String?
        /// The time zone sent as `timeZone`.
        public var timeZone: String
        /// The initial settings (minimum fetch interval, fetch timeout); `configSettings` changes them later.
        public var settings: RemoteConfigSettings
        /// The largest answer body accepted, in bytes (1 MiB); a larger one is refused as it arrives.
        public var maximumResponseSize: Int
        /// A PEM file of the only certificate authorities to trust for HTTPS; `nil` for the system's.
        public var trustedCertificates: URL?
        /// The clock for the minimum interval, the back-off, token expiry and `lastFetchTime` (tests inject one).
        public var now: @Sendable () -> Date
        /// A random number in [0, 1) for the back-offs' jitter and the real-time fetch's spread (tests inject a fixed one).
        public var random: @Sendable () -> Double
        /// Where completion handlers and `activations` run, in order; `nil` gives the client its own serial queue.
        public var callbackQueue: DispatchQueue?
        /// Receives one line per step (request, answer, error); the API key and tokens never appear in it.
        public var log: (@Sendable (String) -> Void)?
        /// How the real-time listener waits between connections.
        public var realtimeRetry: RealtimeRetryPolicy
        /// Whether a template the real-time listener fetches is made active in the same step, with
        /// one write of the state file, before the listeners hear of it: for an app that activates
        /// every update at once (as `RemoteConfigTables` and `bistro config watch` do), whose
        /// `activate()` then finds nothing left to do. By default (`false`, Firebase's way) the
        /// listeners decide, and an `activate()` writes the file a second time.
        public var activatesRealtimeUpdates: Bool

        /// A configuration for the app `options` describes, with Firebase's defaults for everything
        /// not given; `servers` `nil` means no server.
        public init(
            options: FirebaseOptions,
            servers: FirebaseServers? = .firebase,
            namespace: String = "firebase",
            storageURL: URL,
            installationsStorageURL: URL? = nil,
            appVersion: String? = nil,
            appBuild: String? = nil,
            languageCode: String = Locale.preferredLanguages.first ?? "en",
            countryCode: String? = Locale.current.region?.identifier,
            timeZone: String = TimeZone.current.identifier,
            settings: RemoteConfigSettings = RemoteConfigSettings(),
            maximumResponseSize: Int = 1 << 20,
            trustedCertificates: URL? = nil,
            now: @escaping @Sendable () -> Date = Date.init,
            random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
            callbackQueue: DispatchQueue? = nil,
            log: (@Sendable (String) -> Void)? = nil,
            realtimeRetry: RealtimeRetryPolicy = RealtimeRetryPolicy(),
            activatesRealtimeUpdates: Bool = false
        ) {
            self.options = options
            self.servers = servers
            self.namespace = namespace
            self.storageURL = storageURL
            self.installationsStorageURL =
                installationsStorageURL
                ?? storageURL.deletingLastPathComponent().appendingPathComponent("installations.json")
            self.appVersion = appVersion
            self.appBuild = appBuild
            self.languageCode = languageCode
            self.countryCode = countryCode
            self.timeZone = timeZone
            self.settings = settings
            self.maximumResponseSize = maximumResponseSize
            self.trustedCertificates = trustedCertificates
            self.now = now
            self.random = random
            self.callbackQueue = callbackQueue
            self.log = log
            self.realtimeRetry = realtimeRetry
            self.activatesRealtimeUpdates = activatesRealtimeUpdates
        }

        /// A configuration with no server: the in-app defaults and whatever an earlier run with a server
        /// stored are all there is, and fetches succeed with them without opening a socket.
        public static func offline(
            storageURL: URL,
            options: FirebaseOptions = .development,
            settings: RemoteConfigSettings = RemoteConfigSettings(),
            callbackQueue: DispatchQueue? = nil,
            log: (@Sendable (String) -> Void)? = nil
        ) -> Configuration {
            Configuration(
                options: options, servers: nil, storageURL: storageURL, settings: settings, callbackQueue: callbackQueue, log: log)
        }
    }
}

import Foundation
import RemoteConfigInterface

extension LiveRemoteConfig {
    /// Where the live client fetches from, where it keeps its state, and its injectable clock and randomness.
    public struct Configuration: Sendable {
        /// Firebase's Remote Config REST endpoint.
        public static let firebaseBaseURL = URL(string: "https://firebaseremoteconfig.googleapis.com")!
        /// Firebase's real-time endpoint.
        public static let firebaseRealtimeBaseURL = URL(string: "https://firebaseremoteconfigrealtime.googleapis.com")!

        /// The server's base URL, the fetch path appended to it; `nil` means no server: fetches answer
        /// from the stored and default values and never reach the network (see `offline(storageURL:)`).
        public var baseURL: URL?
        /// The Firebase project number or ID (the `{project}` of the fetch path).
        public var project: String
        /// The config namespace (the `{namespace}` of the fetch path), Firebase's default "firebase".
        public var namespace: String
        /// The API key, sent in the `X-Goog-Api-Key` header and never logged.
        public var apiKey: String
        /// The Firebase app ID, sent as `app_id`.
        public var appID: String
        /// The file that holds fetched, active and default values and the fetch bookkeeping.
        public var storageURL: URL
        /// The installation's auth token, sent as `app_instance_id_token` and in a header when set.
        public var installationAuthToken: String?
        /// The installation ID; `nil` keeps the stored one, or makes and stores a new one on first launch.
        public var appInstanceID: String?
        /// The app version, sent as `app_version`.
        public var appVersion: String?
        /// The app's package or bundle identifier, sent as `package_name`.
        public var packageName: String?
        /// The language sent as `language_code`, for language conditions on the server.
        public var languageCode: String
        /// The time zone sent as `time_zone`.
        public var timeZone: String
        /// The initial settings (minimum fetch interval, fetch timeout); `configSettings` changes them later.
        public var settings: RemoteConfigSettings
        /// The largest answer body accepted, in bytes (1 MiB); a larger one is refused as it arrives.
        public var maximumResponseSize: Int
        /// A PEM file of the only certificate authorities to trust for HTTPS; `nil` for the system's.
        public var trustedCertificates: URL?
        /// The clock for the minimum interval, the back-off and `lastFetchTime` (tests inject one).
        public var now: @Sendable () -> Date
        /// A random number in [0, 1) for the back-off's jitter (tests inject a fixed one).
        public var random: @Sendable () -> Double
        /// Where completion handlers and `configUpdates` run, in order; `nil` gives the client its own serial queue.
        public var callbackQueue: DispatchQueue?
        /// Receives one line per fetch step (request, answer, error); the API key never appears in it.
        public var log: (@Sendable (String) -> Void)?
        /// The real-time stream's base URL: by default Firebase's real-time host for Firebase's
        /// `baseURL`, else `baseURL` itself (a server of your own serves both); `nil` (as with no
        /// `baseURL`) means no real-time updates.
        public var realtimeBaseURL: URL?
        /// How the real-time listener waits between connections.
        public var realtimeRetry: RealtimeRetryPolicy

        /// A configuration with Firebase's defaults for everything not given; a `nil` `baseURL` means no server.
        public init(
            baseURL: URL? = Configuration.firebaseBaseURL,
            project: String,
            namespace: String = "firebase",
            apiKey: String,
            appID: String,
            storageURL: URL,
            installationAuthToken: String? = nil,
            appInstanceID: String? = nil,
            appVersion: String? = nil,
            packageName: String? = nil,
            languageCode: String = Locale.preferredLanguages.first ?? "en",
            timeZone: String = TimeZone.current.identifier,
            settings: RemoteConfigSettings = RemoteConfigSettings(),
            maximumResponseSize: Int = 1 << 20,
            trustedCertificates: URL? = nil,
            now: @escaping @Sendable () -> Date = Date.init,
            random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
            callbackQueue: DispatchQueue? = nil,
            log: (@Sendable (String) -> Void)? = nil,
            realtimeBaseURL: URL? = nil,
            realtimeRetry: RealtimeRetryPolicy = RealtimeRetryPolicy()
        ) {
            self.baseURL = baseURL
            self.project = project
            self.namespace = namespace
            self.apiKey = apiKey
            self.appID = appID
            self.storageURL = storageURL
            self.installationAuthToken = installationAuthToken
            self.appInstanceID = appInstanceID
            self.appVersion = appVersion
            self.packageName = packageName
            self.languageCode = languageCode
            self.timeZone = timeZone
            self.settings = settings
            self.maximumResponseSize = maximumResponseSize
            self.trustedCertificates = trustedCertificates
            self.now = now
            self.random = random
            self.callbackQueue = callbackQueue
            self.log = log
            self.realtimeBaseURL = realtimeBaseURL ?? (baseURL == Self.firebaseBaseURL ? Self.firebaseRealtimeBaseURL : baseURL)
            self.realtimeRetry = realtimeRetry
        }

        /// A configuration with no server: the in-app defaults and whatever an earlier run with a server
        /// stored are all there is, and fetches succeed with them without opening a socket.
        public static func offline(
            storageURL: URL,
            settings: RemoteConfigSettings = RemoteConfigSettings(),
            callbackQueue: DispatchQueue? = nil,
            log: (@Sendable (String) -> Void)? = nil
        ) -> Configuration {
            // The project, key and app ID only ever label requests, and none is ever sent.
            Configuration(
                baseURL: nil, project: "", apiKey: "", appID: "", storageURL: storageURL,
                settings: settings, callbackQueue: callbackQueue, log: log, realtimeBaseURL: nil)
        }
    }
}

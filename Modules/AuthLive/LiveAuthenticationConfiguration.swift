import FileSystem
import Foundation

/// How the live authentication client verifies tokens, reaches Apple and keeps its files.
public struct LiveAuthenticationConfiguration: Sendable {
    /// The app's client ids (bundle id, Services ID); a token's `aud` must be one of them, and the
    /// first is the one codes are exchanged for.
    public var clientIDs: [String]
    /// The base of Apple's `/auth/keys`, `/auth/token` and `/auth/revoke`.
    public var appleAuthURL: URL
    /// Where Apple publishes its signing keys (`/auth/keys` under `appleAuthURL` unless given).
    public var keySetURL: URL
    /// The developer's Sign in with Apple key (team, key id, `.p8`), which signs the client secret
    /// that code exchanges, daily checks and revocations need; nil: identity tokens only.
    public var signingKey: AppleSigningKey?
    /// The redirect URI of the web flow, sent with a code exchange when the authorization request had one.
    public var redirectURI: String?
    /// How often a refresh token is checked with Apple, in seconds: Apple asks for at most once a day.
    public var appleCheckInterval: TimeInterval
    /// How long after a failed check with Apple (unreachable, or neither a confirmation nor a
    /// revocation) the next is made, in seconds: Apple may throttle a refresh token asked about
    /// more often, and every launch and `auth status` would otherwise ask again.
    public var appleCheckRetryInterval: TimeInterval
    /// Not used: a server-to-server notification is applied until its `exp`, as Apple delivers it
    /// again until it is answered.
    @available(*, deprecated, message: "notifications are accepted until their exp, as Apple delivers them again until answered")
    public var notificationMaximumAge: TimeInterval {
        get { retiredNotificationMaximumAge }
        set { retiredNotificationMaximumAge = newValue }
    }
    private var retiredNotificationMaximumAge: TimeInterval = 60 * 60
    /// How often `storedStatusChanges` reads the credential file, in seconds: another process's
    /// sign-in or sign-out reaches an open app within about this long.
    public var storedStatusCheckInterval: TimeInterval = 0.5
    /// The directory for the credential and the key cache (the app's XDG state directory unless
    /// given); created with mode 0700.
    public var stateDirectory: URL
    /// How far clocks may disagree, in seconds, when `exp`, `iat` and `nbf` are checked.
    public var leeway: TimeInterval
    /// The shortest time between two fetches of the key set, in seconds.
    public var minimumKeyRefetchInterval: TimeInterval
    /// How long fetched keys are trusted, in seconds; older ones are fetched again before use, and
    /// until that succeeds tokens cannot be verified.
    public var maximumKeySetAge: TimeInterval
    /// How long a sign-in lasts before the status says expired; nil for as long as it is not revoked.
    public var sessionLifetime: TimeInterval?
    /// How long a key set download may take in total, in seconds, however the server answers.
    public var requestTimeout: TimeInterval
    /// The current time (tests move it by hand).
    public var now: @Sendable () -> Date
    /// Where the client reports what it did; never given a token. Nil for silence.
    public var log: (@Sendable (String) -> Void)?

    /// Called with each temporary file after it is written and before it replaces its target.
    package var willReplaceFile: (@Sendable (_ temporaryFile: URL) -> Void)?

    /// Apple's base URL for Sign in with Apple's REST API.
    public static let appleAuthURL = URL(string: "https://appleid.apple.com")!

    /// A configuration for `clientIDs`: Apple's endpoints, the XDG state directory, 60 s leeway and
    /// refetch interval, keys trusted for a day, 30-day sessions for identity tokens alone, a daily
    /// check of refresh tokens, an hour's wait after a check that failed.
    public init(
        clientIDs: [String],
        appleAuthURL: URL = LiveAuthenticationConfiguration.appleAuthURL,
        keySetURL: URL? = nil,
        signingKey: AppleSigningKey? = nil,
        redirectURI: String? = nil,
        appleCheckInterval: TimeInterval = 24 * 60 * 60,
        appleCheckRetryInterval: TimeInterval = 60 * 60,
        stateDirectory: URL? = nil,
        leeway: TimeInterval = 60,
        minimumKeyRefetchInterval: TimeInterval = 60,
        maximumKeySetAge: TimeInterval = 24 * 60 * 60,
        sessionLifetime: TimeInterval? = 30 * 24 * 60 * 60,
        requestTimeout: TimeInterval = 10,
        now: @escaping @Sendable () -> Date = { Date() },
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.clientIDs = clientIDs
        self.appleAuthURL = appleAuthURL
        self.keySetURL = keySetURL ?? appleAuthURL.appendingPathComponent("auth/keys")
        self.signingKey = signingKey
        self.redirectURI = redirectURI
        self.appleCheckInterval = appleCheckInterval
        self.appleCheckRetryInterval = appleCheckRetryInterval
        self.stateDirectory = stateDirectory ?? Self.defaultStateDirectory()
        self.leeway = leeway
        self.minimumKeyRefetchInterval = minimumKeyRefetchInterval
        self.maximumKeySetAge = maximumKeySetAge
        self.sessionLifetime = sessionLifetime
        self.requestTimeout = requestTimeout
        self.now = now
        self.log = log
    }

    /// A configuration as the other initializer makes it; `notificationMaximumAge` is not used.
    @available(*, deprecated, message: "notifications are accepted until their exp; drop notificationMaximumAge")
    public init(
        clientIDs: [String],
        appleAuthURL: URL = LiveAuthenticationConfiguration.appleAuthURL,
        keySetURL: URL? = nil,
        signingKey: AppleSigningKey? = nil,
        redirectURI: String? = nil,
        appleCheckInterval: TimeInterval = 24 * 60 * 60,
        notificationMaximumAge: TimeInterval,
        stateDirectory: URL? = nil,
        leeway: TimeInterval = 60,
        minimumKeyRefetchInterval: TimeInterval = 60,
        maximumKeySetAge: TimeInterval = 24 * 60 * 60,
        sessionLifetime: TimeInterval? = 30 * 24 * 60 * 60,
        requestTimeout: TimeInterval = 10,
        now: @escaping @Sendable () -> Date = { Date() },
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.init(
            clientIDs: clientIDs, appleAuthURL: appleAuthURL, keySetURL: keySetURL, signingKey: signingKey, redirectURI: redirectURI,
            appleCheckInterval: appleCheckInterval, stateDirectory: stateDirectory, leeway: leeway,
            minimumKeyRefetchInterval: minimumKeyRefetchInterval, maximumKeySetAge: maximumKeySetAge, sessionLifetime: sessionLifetime,
            requestTimeout: requestTimeout, now: now, log: log)
        retiredNotificationMaximumAge = notificationMaximumAge
    }

    /// The app's XDG state directory, `$XDG_STATE_HOME/<app>` when that variable holds an absolute
    /// path, else `$HOME/.local/state/<app>`; `app` is the running program's name unless given,
    /// so that two apps on the library keep their sign-ins apart.
    public static func defaultStateDirectory(
        app: String = ProcessInfo.processInfo.processName, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        URL(fileURLWithPath: XDGDirectories.state(app: app, environment: environment), isDirectory: true)
    }

    /// The credential file in the state directory.
    public var credentialFile: URL { stateDirectory.appendingPathComponent("apple-credential.json") }
    /// The key cache file in the state directory.
    public var keySetCacheFile: URL { stateDirectory.appendingPathComponent("apple-keys.json") }
}

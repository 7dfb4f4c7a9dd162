import Foundation

/// How the live authentication client verifies tokens and where it keeps its files.
public struct LiveAuthenticationConfiguration: Sendable {
    /// The app's client ids (bundle id, Services ID); a token's `aud` must be one of them.
    public var clientIDs: [String]
    /// Where Apple publishes its signing keys.
    public var keySetURL: URL
    /// The directory for the credential and the key cache; created with mode 0700.
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

    /// Apple's key set URL.
    public static let appleKeySetURL = URL(string: "https://appleid.apple.com/auth/keys")!

    /// A configuration for `clientIDs`: Apple's key set, the XDG state directory, 60 s leeway and
    /// refetch interval, keys trusted for a day, 30-day sessions.
    public init(
        clientIDs: [String],
        keySetURL: URL = LiveAuthenticationConfiguration.appleKeySetURL,
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
        self.keySetURL = keySetURL
        self.stateDirectory = stateDirectory ?? StateDirectory.default()
        self.leeway = leeway
        self.minimumKeyRefetchInterval = minimumKeyRefetchInterval
        self.maximumKeySetAge = maximumKeySetAge
        self.sessionLifetime = sessionLifetime
        self.requestTimeout = requestTimeout
        self.now = now
        self.log = log
    }

    /// `$XDG_STATE_HOME/bistro` when that variable holds an absolute path, else `$HOME/.local/state/bistro`.
    public static func defaultStateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        StateDirectory.default(environment: environment)
    }

    /// The credential file in the state directory.
    public var credentialFile: URL { stateDirectory.appendingPathComponent("apple-credential.json") }
    /// The key cache file in the state directory.
    public var keySetCacheFile: URL { stateDirectory.appendingPathComponent("apple-keys.json") }
}

import ArgumentParsing

/// The options of every command, which stand anywhere on the line.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "the SQLite database (default: $XDG_DATA_HOME/<app>/<app>.sqlite, <app> being this command's name)", valueName: "PATH"))
    var database: String?
    @Option(
        name: .customLong("firebase-options"),
        help: ArgumentHelp(
            "your Firebase app: its GoogleService-Info.plist or google-services.json",
            valueName: "FILE"), environment: "BISTRO_FIREBASE_OPTIONS")
    var firebaseOptions: String?
    @Option(
        name: .customLong("firebase-app"),
        help: ArgumentHelp(
            "which app of a google-services.json that holds several: its package name or app id",
            valueName: "PACKAGE_OR_APP_ID"), environment: "BISTRO_FIREBASE_APP")
    var firebaseApp: String?
    @Option(
        name: .customLong("firebase-android-cert"),
        help: ArgumentHelp(
            "the SHA-1 of the Android app's signing certificate (hex, colons allowed), for an API key restricted to Android apps;"
                + " default: the app's oauth_client certificate_hash in google-services.json",
            valueName: "SHA1"), environment: "BISTRO_FIREBASE_ANDROID_CERT")
    var firebaseAndroidCertificate: String?
    @Option(
        name: .customLong("remote-config-url"),
        help: ArgumentHelp(
            "one server for Installations, fetches and the real-time stream instead of Google's, https or http to this machine;"
                + " without --firebase-options, the development server's project",
            valueName: "URL"), environment: "BISTRO_REMOTE_CONFIG_URL")
    var remoteConfigURL: String?
    @Option(
        name: .customLong("state-dir"),
        help: ArgumentHelp("remote config state and the sign-in (default: $XDG_STATE_HOME/<app>)", valueName: "PATH"))
    var stateDirectory: String?
    @Option(
        name: .customLong("apple-auth-url"),
        help: ArgumentHelp(
            "the base of Apple's /auth/keys, /auth/token and /auth/revoke (default: https://appleid.apple.com)",
            valueName: "URL"), environment: "BISTRO_APPLE_AUTH_URL")
    var appleAuthURL: String?
    @Option(
        name: .customLong("apple-keys-url"),
        help: ArgumentHelp(
            "Apple's signing keys (default: /auth/keys under --apple-auth-url)", valueName: "URL"), environment: "BISTRO_APPLE_KEYS_URL")
    var appleKeysURL: String?
    @Option(
        name: .customLong("apple-team-id"),
        help: ArgumentHelp(
            "your developer account's Team ID, for code exchanges and revocations", valueName: "ID"), environment: "BISTRO_APPLE_TEAM_ID")
    var appleTeamID: String?
    @Option(
        name: .customLong("apple-key-id"),
        help: ArgumentHelp("the id of your Sign in with Apple key", valueName: "ID"), environment: "BISTRO_APPLE_KEY_ID")
    var appleKeyID: String?
    @Option(
        name: .customLong("apple-private-key"),
        help: ArgumentHelp("the key's .p8 file from the developer account", valueName: "FILE"), environment: "BISTRO_APPLE_PRIVATE_KEY")
    var applePrivateKey: String?
    @Option(
        name: .customLong("redirect-uri"),
        help: ArgumentHelp("the web flow's redirect URI, sent with a code exchange", valueName: "URI"),
        environment: "BISTRO_APPLE_REDIRECT_URI")
    var redirectURI: String?
    @Option(
        name: .customLong("client-id"),
        help: ArgumentHelp(
            "accepted token audiences, comma-separated; a code given without a token is exchanged under the first"
                + " (default: the app's: app.<app>.ios,app.<app>.web)",
            valueName: "ID"), environment: "BISTRO_APPLE_CLIENT_ID")
    var clientIDs: String?
    @Option(
        help: ArgumentHelp(
            "the longest a network call may take in all (default: 60 for remote config, as Firebase's, 10 for Apple's keys)",
            valueName: "SECONDS"), environment: "BISTRO_TIMEOUT")
    var timeout: String?
    @Flag(help: "use the fakes: the sample remote config, a fake sign-in, and an in-memory database unless --database is given")
    var fake = false
    @Flag(help: "print the version and exit") var version = false
}

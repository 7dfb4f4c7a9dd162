import Foundation

/// The global options of a command line, resolved against the environment: what the composition needs.
struct GlobalSettings: Sendable {
    /// `--fake`: fakes from the `...Testing` modules and an in-memory database.
    var isFake: Bool
    /// The database file of the live graph.
    var databasePath: String
    /// Where the live remote config keeps its state (fetched and active templates, back-off).
    var stateDirectory: String
    /// The remote config server, if one is configured; without one nothing touches the network.
    var remoteConfigURL: URL?
    /// Where Apple's signing keys are fetched (Apple's by default; a local server in tests).
    var appleKeySetURL: URL
    /// The client ids an identity token's `aud` may name: the iOS bundle id and the web Services ID.
    var appleClientIDs: [String]

    static let defaultAppleClientIDs = ["app.bistro.ios", "app.bistro.web"]

    /// Reads `parsed`'s global options, falling back to `environment` (XDG base directories, HOME,
    /// BISTRO_REMOTE_CONFIG_URL, BISTRO_APPLE_KEYS_URL, BISTRO_APPLE_CLIENT_ID); throws a `UsageError` for a URL that is not http(s).
    init(_ parsed: ParsedCommand, environment: [String: String]) throws(UsageError) {
        isFake = parsed.has("fake")
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        // XDG: an unset or relative variable is ignored.
        func xdg(_ name: String, default fallback: String) -> String {
            if let value = environment[name], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        databasePath = parsed.options["database"] ?? xdg("XDG_DATA_HOME", default: ".local/share") + "/bistro/bistro.sqlite"
        stateDirectory = parsed.options["state-dir"] ?? xdg("XDG_STATE_HOME", default: ".local/state") + "/bistro"
        let urlText = parsed.options["remote-config-url"] ?? environment["BISTRO_REMOTE_CONFIG_URL"].flatMap { $0.isEmpty ? nil : $0 }
        if let urlText {
            guard let url = URL(string: urlText), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil else {
                throw UsageError(message: "'\(urlText)' is not an http(s) URL", command: "bistro")
            }
            remoteConfigURL = url
        }
        let keysText = parsed.options["apple-keys-url"] ?? environment["BISTRO_APPLE_KEYS_URL"].flatMap { $0.isEmpty ? nil : $0 }
        if let keysText {
            guard let url = URL(string: keysText), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil else {
                throw UsageError(message: "'\(keysText)' is not an http(s) URL", command: "bistro")
            }
            appleKeySetURL = url
        } else {
            appleKeySetURL = URL(string: "https://appleid.apple.com/auth/keys")!
        }
        // A comma-separated list, so one variable can name the app and the web client.
        let clientIDs = (parsed.options["client-id"] ?? environment["BISTRO_APPLE_CLIENT_ID"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        appleClientIDs = clientIDs.isEmpty ? Self.defaultAppleClientIDs : clientIDs
    }
}

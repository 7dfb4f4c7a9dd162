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

    /// Reads `parsed`'s global options, falling back to `environment` (XDG base directories, HOME,
    /// BISTRO_REMOTE_CONFIG_URL); throws a `UsageError` for a URL that is not http(s).
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
    }
}

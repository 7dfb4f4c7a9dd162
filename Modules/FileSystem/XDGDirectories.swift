import Foundation

/// An app's directories as the XDG Base Directory specification places them: one rule, for the
/// app and for every library that keeps files for it.
public enum XDGDirectories {
    /// `$XDG_DATA_HOME/<app>`, else `$HOME/.local/share/<app>`: where the app's data lives.
    public static func data(app: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base("XDG_DATA_HOME", default: ".local/share", environment: environment) + "/" + app
    }

    /// `$XDG_STATE_HOME/<app>`, else `$HOME/.local/state/<app>`: state that outlives a run but is
    /// not the user's data (a sign-in, a fetched config).
    public static func state(app: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base("XDG_STATE_HOME", default: ".local/state", environment: environment) + "/" + app
    }

    /// The mode the specification asks directories made for these to have.
    public static let directoryMode: mode_t = 0o700

    /// The variable's value when it is an absolute path (the specification ignores a relative one),
    /// else `fallback` under the home directory.
    private static func base(_ variable: String, default fallback: String, environment: [String: String]) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return home + "/" + fallback
    }
}

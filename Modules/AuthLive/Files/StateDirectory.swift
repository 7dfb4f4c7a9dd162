import Foundation

/// Where the live client keeps its files by default: `$XDG_STATE_HOME/bistro`, else
/// `~/.local/state/bistro` (the XDG Base Directory specification's state directory).
enum StateDirectory {
    /// The directory for `environment`; the XDG specification ignores a relative `XDG_STATE_HOME`.
    static func `default`(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("bistro", isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
        return home.appendingPathComponent(".local/state/bistro", isDirectory: true)
    }
}

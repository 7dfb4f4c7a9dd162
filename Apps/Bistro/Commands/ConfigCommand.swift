import Foundation
import RemoteConfigInterface
import TerminalUI

/// `bistro config fetch|show [--json]`.
enum ConfigCommand {
    /// Fetches and activates now, ignoring the minimum fetch interval (a back-off still holds).
    static func fetch(_ parsed: ParsedCommand, _ composition: Composition) throws {
        let outcome = RemoteConfigSync.run(composition, explicit: true)
        if outcome.status == .error {
            throw RuntimeFailure("could not fetch the remote config", outcome.error ?? RemoteConfigSync.FetchRefused(status: .failure))
        }
        if parsed.has("json") {
            emit(try jsonLine(["status": outcome.status.rawValue]))
        } else {
            emit(outcome.status == .successFetchedFromRemote
                ? "fetched and activated new values (successFetchedFromRemote)"
                : "no new values; the active ones stay (successUsingPreFetchedData)")
        }
    }

    /// The active values (remote, else default) and where each comes from.
    static func show(_ parsed: ParsedCommand, _ composition: Composition) throws {
        let remoteConfig = composition.remoteConfig
        let keys = Set(remoteConfig.allKeys(from: .remote) + remoteConfig.allKeys(from: .default)).sorted()
        let values = keys.map { (key: $0, value: remoteConfig.configValue(forKey: $0)) }
        if parsed.has("json") {
            struct Entry: Encodable { let source: String; let value: String }
            struct Shown: Encodable {
                let lastFetchStatus: String
                let lastFetchTime: String?
                let values: [String: Entry]
            }
            emit(try jsonLine(Shown(
                lastFetchStatus: remoteConfig.lastFetchStatus.rawValue,
                lastFetchTime: remoteConfig.lastFetchTime.map { ISO8601DateFormatter().string(from: $0) },
                values: Dictionary(uniqueKeysWithValues: values.map {
                    ($0.key, Entry(source: $0.value.source.rawValue, value: $0.value.stringValue))
                }))))
            return
        }
        let style = ConsoleStyle.standardOutput
        let keyWidth = max(3, keys.map(\.count).max() ?? 3)
        func row(_ key: String, _ source: String, _ value: String) -> String {
            key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  "
                + source.padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + value
        }
        var lines = [style.bold(row("KEY", "SOURCE", "VALUE"))]
        // One line per value: a JSON value's own line breaks are shown as spaces, and the server's
        // control characters as visible stand-ins, never sent to the terminal.
        lines += values.map { row($0.key.sanitizedForTerminal, $0.value.source.rawValue, $0.value.stringValue.sanitizedForTerminal) }
        let fetched = remoteConfig.lastFetchTime.map { " at " + ISO8601DateFormatter().string(from: $0) } ?? ""
        lines.append(style.dim("last fetch: \(remoteConfig.lastFetchStatus.rawValue)\(fetched)"))
        emit(lines.joined(separator: "\n"))
    }
}

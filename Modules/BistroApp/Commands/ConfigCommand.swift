import ArgumentParsing
import FeatureContract
import Foundation
import Reactive
import RemoteConfig
import RemoteConfigInterface
import RemoteConfigTesting
import TerminalUI

/// `bistro config fetch|show|watch|installation [--json]`: the app's remote config, which every
/// feature shares, and the Firebase installation it identifies itself with.
struct ConfigCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "fetch the remote config, show the active values, or watch for new ones",
        subcommands: [ConfigFetchCommand.self, ConfigShowCommand.self, ConfigWatchCommand.self, ConfigInstallationCommand.self])
}

/// `bistro config installation [--json]`: the Firebase installation ID (FID), which Firebase's
/// console asks for to test on a device, and when its auth token expires; registers the
/// installation first if there is none. The token itself is never printed.
struct ConfigInstallationCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "installation", abstract: "the Firebase installation ID and when its token expires")

    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        let remoteConfig = try services.remoteConfig()
        guard let installations = (remoteConfig as? LiveRemoteConfig)?.installations else {
            throw CommandFailure(
                remoteConfig is FakeRemoteConfig
                    ? "the fake remote config has no Firebase installation"
                    : "there is no Firebase project to register with: give --firebase-options FILE or --remote-config-url URL")
        }
        let token: InstallationsAuthTokenResult
        let fid: String
        do {
            (fid, token) = try await services.console.withSpinner("registering with Firebase", enabled: true) {
                (try await installations.installationID(), try await installations.authToken())
            }
        } catch {
            throw CommandFailure("could not get the Firebase installation", error)
        }
        let expiry = token.expirationDate.formatted(.iso8601)
        if json {
            services.console.emit(try JSONLine.encode(["installationID": fid, "authTokenExpiration": expiry]))
        } else {
            let style = services.console.style
            services.console.emit(
                [
                    style.bold("installation ID") + "  " + fid.sanitizedForTerminal,
                    style.bold("token expires  ") + "  " + expiry,
                ].joined(separator: "\n"))
        }
    }
}

/// `bistro config fetch [--json]`: fetches and activates now, ignoring the minimum fetch interval
/// (a back-off still holds).
struct ConfigFetchCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch", abstract: "fetch and activate now, ignoring the minimum fetch interval")

    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        let remoteConfig = try services.remoteConfig()
        let status: RemoteConfigFetchAndActivateStatus
        do {
            status = try await services.console.withSpinner("fetching remote config", enabled: services.usesNetwork) {
                try await remoteConfig.fetchNowAndActivate()
            }
        } catch {
            throw CommandFailure("could not fetch the remote config", error)
        }
        let console = services.console
        if json {
            console.emit(try JSONLine.encode(["status": status.rawValue]))
        } else {
            console.emit(
                status == .successFetchedFromRemote
                    ? "fetched and activated new values (successFetchedFromRemote)"
                    : "no new values; the active ones stay (successUsingPreFetchedData)")
        }
    }
}

/// `bistro config show [--json]`: the active values (remote, else default) and where each comes from.
struct ConfigShowCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "the active values and where each comes from")

    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        let remoteConfig = try services.remoteConfig()
        let keys = Set(remoteConfig.allKeys(from: .remote) + remoteConfig.allKeys(from: .default)).sorted()
        let values = keys.map { (key: $0, value: remoteConfig.configValue(forKey: $0)) }
        let console = services.console
        if json {
            struct Entry: Encodable {
                let source: String
                let value: String
            }
            struct Shown: Encodable {
                let lastFetchStatus: String
                let lastFetchTime: String?
                let values: [String: Entry]
            }
            console.emit(
                try JSONLine.encode(
                    Shown(
                        lastFetchStatus: remoteConfig.lastFetchStatus.rawValue,
                        lastFetchTime: remoteConfig.lastFetchTime.map { ISO8601DateFormatter().string(from: $0) },
                        values: Dictionary(
                            uniqueKeysWithValues: values.map {
                                ($0.key, Entry(source: $0.value.source.rawValue, value: $0.value.stringValue))
                            }))))
            return
        }
        let style = console.style
        // One line per value: a JSON value's own line breaks are shown as spaces, and the server's
        // control characters as visible stand-ins, never sent to the terminal.
        let table = TextTable([.init("KEY"), .init("SOURCE"), .init("VALUE")])
        let rows = values.map { [$0.key, $0.value.source.rawValue, $0.value.stringValue] }
        let fetched = remoteConfig.lastFetchTime.map { " at " + ISO8601DateFormatter().string(from: $0) } ?? ""
        console.emit(table.text(rows, style: style) + "\n" + style.dim("last fetch: \(remoteConfig.lastFetchStatus.rawValue)\(fetched)"))
    }
}

/// `bistro config watch [--json]`: one line for each template published on the server (the
/// version, the keys whose active value changed), until Ctrl-C or the end of standard input; a
/// published version that could not be fetched is said on standard error.
///
/// Each published template is fetched as it arrives and activated before its line is printed
/// (Firebase's listener pattern), so the other commands and an open app see it too. Without a
/// server there is nothing to watch: it says so and fails.
struct ConfigWatchCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "print each template published on the server until Ctrl-C")

    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        guard services.usesNetwork else {
            throw CommandFailure(
                "there is no server to watch: give --firebase-options FILE (your Firebase app) or --remote-config-url URL (a server of your own)"
            )
        }
        let remoteConfig = try services.remoteConfig()
        let console = services.console
        let json = json
        let end = WatchEnd()
        let failure = Locked<RemoteConfigError?>(nil)
        // A version announced and not fetched is said once; watching goes on.
        let notFetched = remoteConfig.realtimeUpdateFailures.subscribe(onNext: { error in console.error(ErrorSentence.of(error)) })
        defer { notFetched.dispose() }
        let subscription = remoteConfig.realtimeUpdates
            .concatMap { update in remoteConfig.rx.activate().map { _, error in (update, error) } }
            .subscribe(
                onNext: { update, activationError in
                    if let activationError {
                        console.error(
                            "could not activate version \(update.templateVersion.map(String.init) ?? "?"): \(ErrorSentence.of(activationError))"
                        )
                        return
                    }
                    do {
                        console.emit(json ? try Self.json(update) : Self.text(update, style: console.style))
                    } catch {
                        console.error("could not print the update: \(ErrorSentence.of(error))")
                    }
                },
                onError: { error in
                    failure.withLock { $0 = error as? RemoteConfigError ?? .unknown }
                    end.stop()
                })
        defer { subscription.dispose() }
        await end.untilInterrupted()
        if let error = failure.withLock({ $0 }) {
            throw CommandFailure("real-time updates stopped", error)
        }
    }

    /// `version 12: menu, seller_contacts`, the keys sorted and shown safe for a terminal.
    static func text(_ update: RemoteConfigUpdate, style: ConsoleStyle) -> String {
        let version = update.templateVersion.map { "version \($0)" } ?? "a new version"
        return style.bold(version) + ": " + update.updatedKeys.sorted().map(\.sanitizedForTerminal).joined(separator: ", ")
    }

    /// `{"templateVersion":12,"updatedKeys":["menu","seller_contacts"]}`.
    static func json(_ update: RemoteConfigUpdate) throws -> String {
        struct Line: Encodable {
            let templateVersion: Int?
            let updatedKeys: [String]
        }
        return try JSONLine.encode(Line(templateVersion: update.templateVersion, updatedKeys: update.updatedKeys.sorted()))
    }
}

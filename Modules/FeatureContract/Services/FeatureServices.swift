import ArgumentParsing
import Dependencies
import Foundation
import PersistenceInterface
import Reactive
import RemoteConfigInterface

/// What the app hands every feature: its services as interfaces, live or fake, and the console.
///
/// The database and remote config are opened on first use (a command that needs neither, such as
/// `bistro auth status`, never touches them), once for the whole run, shared by every feature.
public struct FeatureServices: Sendable {
    /// The name the app shows its users ("Bistro"), for a screen's title.
    public let appTitle: String
    /// Where commands write, and what the terminal can do.
    public let console: Console
    /// The services that belong to one feature's interface (Sign in with Apple's
    /// `authenticationClient` and `appleSignInSheet`, a plugin's own), installed by the composition
    /// under their dependency keys; a key it did not set has its live value.
    public let dependencies: DependencyValues
    /// Whether remote config can reach a server (a fetch may then take a while, and fail).
    public let usesNetwork: Bool
    /// The current time.
    public let now: @Sendable () -> Date
    private let openDatabase: @Sendable () throws -> any Database
    private let openRemoteConfig: @Sendable () throws -> any RemoteConfigProtocol
    private let openInput: @Sendable (_ source: String, _ limit: Int) throws -> Data
    private let tables: SharedTables

    /// Services from these parts; `database` and `remoteConfig` are called on each use, so they
    /// should open once and keep what they opened. `configTables` are every plugin's tables kept in
    /// step with remote config.
    public init(
        appTitle: String,
        console: Console,
        database: @escaping @Sendable () throws -> any Database,
        remoteConfig: @escaping @Sendable () throws -> any RemoteConfigProtocol,
        configTables: [RemoteConfigTable] = [],
        dependencies: DependencyValues = DependencyValues(),
        readInput: @escaping @Sendable (_ source: String, _ limit: Int) throws -> Data,
        usesNetwork: Bool = false,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.openInput = readInput
        self.appTitle = appTitle
        self.console = console
        self.openDatabase = database
        self.openRemoteConfig = remoteConfig
        self.dependencies = dependencies
        self.usesNetwork = usesNetwork
        self.now = now
        tables = SharedTables(configTables)
    }

    /// The app's one database, with every feature's migrations applied; a failure to open it is a
    /// `CommandFailure` naming what is wrong.
    public func database() throws -> any Database {
        try CommandFailure.during("could not open the app's storage") { try openDatabase() }
    }

    /// Remote config, with every feature's in-app defaults.
    public func remoteConfig() throws -> any RemoteConfigProtocol {
        try CommandFailure.during("could not open the app's storage") { try openRemoteConfig() }
    }

    /// The tables every plugin keeps in step with remote config, made on first use and shared by
    /// every feature of the run, so that their syncs join one fetch.
    public func remoteConfigTables() throws -> RemoteConfigTables {
        try tables.get(database: database(), remoteConfig: remoteConfig())
    }

    /// The bytes of `source` — a file's path, or `-` for standard input — up to `limit` bytes;
    /// a failure says which file and what is wrong, about `what`: a `ValidationError` (exit 2) for
    /// a file that cannot be read, as for any other unusable argument, else a `CommandFailure`.
    public func readInput(_ source: String, limit: Int, what: String) throws -> Data {
        do {
            return try openInput(source, limit)
        } catch let usage as ValidationError {
            throw ValidationError("could not read \(what): \(usage.message)")
        } catch let failure as CommandFailure {
            throw CommandFailure("could not read \(what): \(failure.message)")
        } catch {
            throw CommandFailure("could not read \(what)", error)
        }
    }

    /// Waits for the database writes queued so far (a screen's last change, a refresh's store):
    /// an empty write runs after every write queued before it.
    public func finishQueuedWrites(failure: String = "could not store the last changes") throws {
        try CommandFailure.during(failure) { try database().write { _ in } }
    }
}

/// The one `RemoteConfigTables` of a run, made on first use.
private final class SharedTables: Sendable {
    private let declared: [RemoteConfigTable]
    private let made = Locked<RemoteConfigTables?>(nil)

    init(_ declared: [RemoteConfigTable]) {
        self.declared = declared
    }

    func get(database: @autoclosure () throws -> any Database, remoteConfig: @autoclosure () throws -> any RemoteConfigProtocol) rethrows
        -> RemoteConfigTables
    {
        if let tables = made.withLock({ $0 }) { return tables }
        let tables = RemoteConfigTables(remoteConfig: try remoteConfig(), database: try database(), tables: declared)
        // A second caller that got here meanwhile takes the first one's, so that there is one.
        return made.withLock { made in
            if let made { return made }
            made = tables
            return tables
        }
    }
}

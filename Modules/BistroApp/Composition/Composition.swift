import AuthInterface
import AuthLive
import AuthTesting
import Dependencies
import FeatureContract
import FileSystem
import Foundation
import Persistence
import PersistenceInterface
import RemoteConfig
import RemoteConfigInterface
import RemoteConfigTesting

/// The services of one run: the only place that picks live or fake implementations.
///
/// Live: a SQLite file with every plugin's migrations, `LiveRemoteConfig` for the configured
/// Firebase app with state in the state directory (no server unless a Firebase options file or a
/// server is given: fetches then answer from the defaults and what an earlier run stored), and the
/// live Sign in with Apple verifier, whose sheet is the Auth feature's own. Fake (`--fake`): an
/// in-memory database (the file, when `--database` names one), `FakeRemoteConfig.sample()`, and `FakeAuthentication` with its sheet that
/// signs in at once. Either way every plugin's
/// in-app defaults are set.
enum Composition {
    static func services(_ settings: Settings, host: PluginHost, app: AppDescription, console: Console) -> FeatureServices {
        settings.isFake ? fake(settings, host: host, app: app, console: console) : live(settings, host: host, app: app, console: console)
    }

    private static func fake(_ settings: Settings, host: PluginHost, app: AppDescription, console: Console) -> FeatureServices {
        let migrations = host.migrations
        let defaults = host.remoteConfigDefaults
        // With --database, the fakes work over that file (to watch what other processes write to it).
        let database = Lazy<any Database> {
            guard settings.isDatabaseGiven else { return try SQLiteDatabase.inMemory(migrations: migrations) }
            return try openFile(settings, migrations: migrations, host: host, app: app)
        }
        let remoteConfig = Lazy<any RemoteConfigProtocol> {
            let fake = FakeRemoteConfig.sample()
            fake.setDefaults(defaults)
            return fake
        }
        var dependencies = DependencyValues()
        dependencies.authenticationClient = FakeAuthentication().client
        dependencies.appleSignInSheet = FakeAuthentication.signInSheet
        return FeatureServices(
            appTitle: app.title, console: console, database: { try database.get() }, remoteConfig: { try remoteConfig.get() },
            configTables: host.configTables, dependencies: dependencies, readInput: InputReading.read)
    }

    private static func live(_ settings: Settings, host: PluginHost, app: AppDescription, console: Console) -> FeatureServices {
        let migrations = host.migrations
        let defaults = host.remoteConfigDefaults
        let database = Lazy<any Database> { try openFile(settings, migrations: migrations, host: host, app: app) }
        let remoteConfig = Lazy<any RemoteConfigProtocol> {
            // Made as the XDG specification asks (0700): it holds the sign-in and the installation.
            try Directories.createPrivate(URL(fileURLWithPath: settings.stateDirectory, isDirectory: true))
            // Without a server the options only name the app, and nothing is sent anywhere.
            let remoteConfig = try LiveRemoteConfig(
                configuration: .init(
                    options: settings.firebase?.options ?? .development, servers: settings.firebase?.servers,
                    storageURL: URL(fileURLWithPath: settings.stateDirectory).appendingPathComponent("remote-config.json"),
                    appVersion: app.version,
                    settings: RemoteConfigSettings(fetchTimeout: settings.networkTimeout ?? RemoteConfigSettings.defaultFetchTimeout),
                    // Every listener of real-time updates here activates them (the tables, `config watch`).
                    activatesRealtimeUpdates: true))
            remoteConfig.setDefaults(defaults)
            return remoteConfig
        }
        // No log sink: a refusal reaches the user through the thrown error, and key fetches are
        // not worth a line on every run.
        var dependencies = DependencyValues()
        dependencies.authenticationClient =
            LiveAuthenticationClient(
                configuration: LiveAuthenticationConfiguration(
                    clientIDs: settings.appleClientIDs, appleAuthURL: settings.appleAuthURL, keySetURL: settings.appleKeySetURL,
                    signingKey: settings.appleSigningKey, redirectURI: settings.redirectURI,
                    stateDirectory: URL(fileURLWithPath: settings.stateDirectory, isDirectory: true),
                    requestTimeout: settings.networkTimeout ?? 10)
            ).client
        return FeatureServices(
            appTitle: app.title, console: console, database: { try database.get() }, remoteConfig: { try remoteConfig.get() },
            configTables: host.configTables, dependencies: dependencies, readInput: InputReading.read,
            usesNetwork: settings.firebase != nil)
    }

    /// The database file of `settings`, with every plugin's migrations: the app's own directory is
    /// made first (0700, as the XDG specification asks; a directory the user named must exist), and
    /// a new file is made 0600 before SQLite opens it, so that its `-wal` and `-shm` files, which
    /// SQLite gives the database's mode, are private too: they hold orders and contacts.
    private static func openFile(_ settings: Settings, migrations: [Migration], host: PluginHost, app: AppDescription) throws
        -> any Database
    {
        if !settings.isDatabaseGiven {
            try Directories.createPrivate(URL(fileURLWithPath: Paths.parent(of: settings.databasePath), isDirectory: true))
        }
        let descriptor = open(settings.databasePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        do {
            return try SQLiteDatabase(.file(path: settings.databasePath), migrations: migrations)
        } catch PersistenceError.newerSchema(let unknown) {
            throw unknownMigrations(unknown, path: settings.databasePath, host: host, app: app)
        }
    }

    /// Why a database whose migrations include some this app does not know cannot be opened: it
    /// belongs to another app when one of them is named after a feature this app does not have
    /// (an app's migrations are named `<feature>.<step>`), else a newer version of this app wrote it.
    static func unknownMigrations(_ unknown: [String], path: String, host: PluginHost, app: AppDescription) -> any Error {
        let ownFeatures = Set(host.migrations.map(\.name).map(feature(ofMigration:)))
        let otherFeatures = unknown.map(feature(ofMigration:)).filter { !ownFeatures.contains($0) }
        guard !otherFeatures.isEmpty else { return PersistenceError.newerSchema(unknownMigrations: unknown) }
        var seen = Set<String>()
        let named = otherFeatures.filter { seen.insert($0).inserted }.joined(separator: ", ")
        return CommandFailure(
            "\(path) is another app's database (it has the features \(named), which \(app.name) does not have); "
                + "give \(app.name) its own with --database, or leave --database out for its default")
    }

    /// The feature a migration belongs to: the part of its name before the first dot.
    private static func feature(ofMigration name: String) -> String {
        String(name.prefix { $0 != "." })
    }
}

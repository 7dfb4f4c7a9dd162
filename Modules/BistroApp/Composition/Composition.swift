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
/// in-memory database, `FakeRemoteConfig.sample()`, and `FakeAuthentication` with its sheet that
/// signs in at once. Either way every plugin's
/// in-app defaults are set.
enum Composition {
    static func services(_ settings: Settings, host: PluginHost, app: AppDescription, console: Console) -> FeatureServices {
        settings.isFake ? fake(host: host, console: console) : live(settings, host: host, app: app, console: console)
    }

    private static func fake(host: PluginHost, console: Console) -> FeatureServices {
        let migrations = host.migrations
        let defaults = host.remoteConfigDefaults
        let database = Lazy<any Database> { try SQLiteDatabase.inMemory(migrations: migrations) }
        let remoteConfig = Lazy<any RemoteConfigProtocol> {
            let fake = FakeRemoteConfig.sample()
            fake.setDefaults(defaults)
            return fake
        }
        var dependencies = DependencyValues()
        dependencies.authenticationClient = FakeAuthentication().client
        dependencies.appleSignInSheet = FakeAuthentication.signInSheet
        return FeatureServices(
            console: console, database: { try database.get() }, remoteConfig: { try remoteConfig.get() },
            configTables: host.configTables, dependencies: dependencies, readInput: InputReading.read)
    }

    private static func live(_ settings: Settings, host: PluginHost, app: AppDescription, console: Console) -> FeatureServices {
        let migrations = host.migrations
        let defaults = host.remoteConfigDefaults
        let database = Lazy<any Database> {
            try Directories.create(Paths.parent(of: settings.databasePath))
            return try SQLiteDatabase(.file(path: settings.databasePath), migrations: migrations)
        }
        let remoteConfig = Lazy<any RemoteConfigProtocol> {
            try Directories.create(settings.stateDirectory)
            // Without a server the options only name the app, and nothing is sent anywhere.
            let remoteConfig = try LiveRemoteConfig(
                configuration: .init(
                    options: settings.firebase?.options ?? .development, servers: settings.firebase?.servers,
                    storageURL: URL(fileURLWithPath: settings.stateDirectory).appendingPathComponent("remote-config.json"),
                    appVersion: app.version,
                    settings: RemoteConfigSettings(fetchTimeout: settings.networkTimeout ?? RemoteConfigSettings.defaultFetchTimeout)))
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
            console: console, database: { try database.get() }, remoteConfig: { try remoteConfig.get() },
            configTables: host.configTables, dependencies: dependencies, readInput: InputReading.read,
            usesNetwork: settings.firebase != nil)
    }
}

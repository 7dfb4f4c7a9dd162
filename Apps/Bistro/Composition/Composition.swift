import Contacts
import FileSystem
import Foundation
import Menu
import Persistence
import PersistenceInterface
import RemoteConfig
import RemoteConfigInterface
import RemoteConfigTesting

/// The object graph of one run: the only place that picks live or fake implementations.
struct Composition {
    /// The single source of truth every feature reads and writes.
    let database: any Database
    /// Remote config as the features see it.
    let remoteConfig: any RemoteConfigProtocol
    /// Whether `remoteConfig` can reach a server (a fetch may then take a while, and fail).
    let usesNetwork: Bool

    /// Every migration, in a fixed order: the features' in the order they shipped, then the app's.
    static let migrations: [Migration] = ContactsMigrations.all + MenuFeature.migrations + AppMigrations.all

    /// The live graph (a file database, `LiveRemoteConfig`) or, with `--fake`, the fakes (an in-memory
    /// database, `FakeRemoteConfig.sample()`).
    static func make(_ settings: GlobalSettings) throws -> Composition {
        settings.isFake ? try makeFake() : try makeLive(settings)
    }

    /// Waits for the writes queued so far (a screen's last change, a refresh's store): an empty
    /// write runs after every write queued before it. Its failure is `failure`, with the cause.
    func finishQueuedWrites(failure: String = "could not store the last changes") throws {
        do {
            try database.write { _ in }
        } catch {
            throw RuntimeFailure(failure, error)
        }
    }

    /// Remote config as the Contacts feature sees it: a fetch brings it news when the active
    /// contacts changed since it last looked (see `ConsumerRemoteConfig`).
    static func contactsView(of remoteConfig: any RemoteConfigProtocol) -> any RemoteConfigProtocol {
        ConsumerRemoteConfig(base: remoteConfig, keys: [DatabaseUpdaterImpl.sellerContactsKey])
    }

    private static func makeFake() throws -> Composition {
        Composition(
            database: try SQLiteDatabase.inMemory(migrations: migrations), remoteConfig: FakeRemoteConfig.sample(),
            usesNetwork: false)
    }

    private static func makeLive(_ settings: GlobalSettings) throws -> Composition {
        try Directories.create(Paths.parent(of: settings.databasePath))
        try Directories.create(settings.stateDirectory)
        let database = try SQLiteDatabase(.file(path: settings.databasePath), migrations: migrations)
        // The project, key and app id only label requests: the development server accepts any, and
        // a real Firebase project would be configured here.
        let remoteConfig = try LiveRemoteConfig(configuration: .init(
            // No URL, no server: fetches answer from the compiled-in defaults (and what an earlier run
            // with a server stored) without touching the network.
            baseURL: settings.remoteConfigURL,
            project: "bistro", apiKey: "bistro-development", appID: "1:000000000000:linux:bistro",
            storageURL: URL(fileURLWithPath: settings.stateDirectory).appendingPathComponent("remote-config.json"),
            appVersion: Commands.version, packageName: "bistro",
            settings: RemoteConfigSettings(fetchTimeout: settings.networkTimeout ?? RemoteConfigSettings.defaultFetchTimeout)
        ))
        remoteConfig.setDefaults(InAppDefaults.values)
        return Composition(database: database, remoteConfig: remoteConfig, usesNetwork: settings.remoteConfigURL != nil)
    }
}

import ContactsInterface
import Dispatch
import FeatureContract
import PersistenceInterface
import Reactive

/// One sync of the contacts, for a command: fetch and activate, store the active contacts when
/// they differ from the stored ones, then read what is stored.
enum ContactsSync {
    /// Syncs once; a failed fetch, a value that does not decode or a failed write is a
    /// `CommandFailure`, and the stored contacts stay as they were.
    static func run(_ services: FeatureServices) async throws {
        // The sync completes after its write, if any, has committed.
        let sync: Observable<Event<Int>> = try updater(services).sync()
        let events = try await services.console.withSpinner("fetching remote config", enabled: services.usesNetwork) {
            try await sync.toArray().value
        }
        for case .error(let error) in events {
            throw CommandFailure("could not sync the contacts", error)
        }
    }

    /// The real-time updates' stores, for as long as it is subscribed: error elements only.
    static func followUpdates(_ services: FeatureServices) throws -> Observable<Event<Never>> {
        try updater(services).followUpdates()
    }

    private static func updater(_ services: FeatureServices) throws -> DatabaseUpdaterImpl {
        DatabaseUpdaterImpl(
            remoteConfig: try services.remoteConfig(), database: try services.database(),
            fetchLimiter: FetchLimiter(serialQueue: DispatchQueue(label: "bistro.contacts.fetch-limiter")),
            storesActiveContactsAfterEveryFetch: true)
    }

    /// The stored contacts, by `order`.
    static func stored(in services: FeatureServices) throws -> [SellerContacts] {
        try CommandFailure.during("could not read the contacts") {
            try services.database().read { try SellerContactsRecord.contacts(in: $0) }
        }
    }
}

import ContactsInterface
import FeatureContract
import PersistenceInterface
import Reactive

/// One sync of the contacts, for a command: fetch and activate, store the active contacts when
/// they differ from the stored ones, then read what is stored.
enum ContactsSync {
    /// Syncs once; a failed fetch, a value that does not decode or a failed write is a
    /// `CommandFailure`, and the stored contacts stay as they were.
    static func run(_ services: FeatureServices) async throws {
        let sync = try services.remoteConfigTables().sync(SellerContactsRecord.remoteConfigKey)
        do {
            try await services.console.withSpinner("fetching remote config", enabled: services.usesNetwork) { try await sync.value }
        } catch {
            throw CommandFailure("could not sync the contacts", error)
        }
    }

    /// The stored contacts, by `order`.
    static func stored(in services: FeatureServices) throws -> [SellerContacts] {
        try CommandFailure.during("could not read the contacts") {
            try services.database().read { try SellerContactsRecord.contacts(in: $0) }
        }
    }
}

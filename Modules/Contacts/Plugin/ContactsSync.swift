import ContactsInterface
import FeatureContract
import PersistenceInterface

/// What the contacts commands share: the contacts synced from remote config into the database,
/// then the stored ones.
enum ContactsSync {
    /// Syncs the contacts table with remote config (`FeatureServices.syncTable`: refused contacts
    /// are a warning and the stored ones stay; a failed fetch or write fails the command with the
    /// database as it was).
    static func sync(_ services: FeatureServices) async throws {
        try await services.syncTable(SellerContactRecord.key, failure: "could not sync the contacts", refusal: refusal)
    }

    /// The stored contacts, by `order`, without a sync.
    static func stored(_ services: FeatureServices) throws -> [SellerContact] {
        try CommandFailure.during("could not read the contacts") {
            try services.database().read { try SellerContactRecord.contacts(in: $0) }
        }
    }

    /// The warning for contacts the server sent that were refused: the command goes on with the
    /// stored ones.
    static func refusal(_ error: RemoteConfigTableError) -> String {
        "the server's contacts were refused, keeping the last good contacts: \(ErrorSentence.of(error))"
    }
}

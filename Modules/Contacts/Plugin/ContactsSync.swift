import ContactsInterface
import FeatureContract
import PersistenceInterface
import Reactive
import TerminalUI

/// One sync of the contacts, for a command: fetch and activate, store the active contacts when
/// they differ from the stored ones, then read what is stored.
enum ContactsSync {
    /// Syncs once. Contacts the server sent that are refused are no failure — the stored contacts
    /// stay, and the first run that meets them says why on standard error — so that one bad value
    /// never takes the contacts down; a failed fetch or write is a `CommandFailure`, and the stored
    /// contacts stay as they were.
    static func run(_ services: FeatureServices) async throws {
        let sync = try services.remoteConfigTables().syncKeepingLastGoodData(SellerContactsRecord.remoteConfigKey)
        let refusal: RemoteConfigTableError?
        do {
            refusal = try await services.console.withSpinner("fetching remote config", enabled: services.usesNetwork) {
                try await sync.value
            }
        } catch {
            throw CommandFailure("could not sync the contacts", error)
        }
        if let refusal { warn(of: refusal, on: services.console) }
    }

    /// The stored contacts, by `order`.
    static func stored(in services: FeatureServices) throws -> [SellerContacts] {
        try CommandFailure.during("could not read the contacts") {
            try services.database().read { try SellerContactsRecord.contacts(in: $0) }
        }
    }

    /// Writes `<tool>: warning: ...` to standard error for contacts the server sent that were
    /// refused: the command goes on with the stored ones. The reason may quote a server: its
    /// control characters are shown, not sent.
    static func warn(of refusal: RemoteConfigTableError, on console: Console) {
        let message = "the server's contacts were refused, keeping the last good contacts: \(ErrorSentence.of(refusal))"
        console.writeError("\(console.toolName): warning: \(message.sanitizedForTerminal)\n")
    }
}

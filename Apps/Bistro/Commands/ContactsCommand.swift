import Contacts
import ContactsInterface
import Dispatch
import Foundation
import PersistenceInterface
import Reactive

/// `bistro contacts [--watch] [--json]`: sync the contacts from remote config, then print the stored ones.
enum ContactsCommand {
    static func run(_ parsed: ParsedCommand, _ composition: Composition) throws {
        let json = parsed.has("json")
        let print: @Sendable ([SellerContacts]) throws -> Void = { contacts in
            emit(json ? try ContactsOutput.json(contacts) : ContactsOutput.text(contacts, style: .standardOutput))
        }
        if parsed.has("watch") {
            try ContactsWatch.run(composition, print: print)
            return
        }
        try sync(composition)
        try print(try stored(in: composition.database))
    }

    /// Runs the Contacts updater once, after the run's fetch (done here unless `outcome` gives it); a
    /// failed fetch, a value that does not decode or a failed write throws, and the stored contacts stay.
    static func sync(_ composition: Composition, outcome: RemoteConfigSync.Outcome? = nil) throws {
        let outcome = outcome ?? RemoteConfigSync.run(composition, explicit: false)
        let updater = DatabaseUpdaterImpl(
            remoteConfig: Composition.contactsView(of: FetchedOnceRemoteConfig(base: composition.remoteConfig, outcome: outcome)),
            database: composition.database,
            fetchLimiter: FetchLimiter(serialQueue: DispatchQueue(label: "bistro.contacts.fetch-limiter")))
        let events: [Event<Int>] = try waitForCompletion(updater.sync())
        for case .error(let error) in events {
            throw RuntimeFailure("could not sync the contacts", error)
        }
    }

    /// The stored contacts, by `order`.
    static func stored(in database: any Database) throws -> [SellerContacts] {
        do {
            return try database.read { try $0.fetchAll(SellerContacts.fetchRequestWithSort()) }
        } catch {
            throw RuntimeFailure("could not read the contacts", error)
        }
    }
}

import ArgumentParsing
import ContactsInterface
import FeatureContract
import Foundation
import PersistenceInterface
import Reactive

/// `bistro contacts [--watch] [--json]`: syncs the contacts from remote config, then prints the stored ones.
struct ContactsCommand: FeatureCommand {
    static let configuration = CommandConfiguration(commandName: "contacts", abstract: "sync and print the seller's contacts")

    @Flag(help: "keep printing as the stored contacts change (until Ctrl-C or EOF)") var watch = false
    @Flag(help: "print JSON") var json = false

    func run(with services: FeatureServices) async throws {
        let json = json
        let console = services.console
        let print: @Sendable ([SellerContact]) throws -> Void = { contacts in
            console.emit(json ? try ContactsOutput.json(contacts) : ContactsOutput.text(contacts, style: console.style))
        }
        if watch {
            try await Self.watch(services, print: print)
            return
        }
        try await ContactsSync.sync(services)
        try print(try ContactsSync.stored(services))
    }

    /// Syncs, then prints the contacts now and after every change, until SIGINT or the end of
    /// standard input.
    ///
    /// The sync comes first, as in a one-shot run: one that fails ends the command (exit 1) before
    /// anything is printed, and contacts the server sent that are refused are a warning. Then one
    /// path for every change: this process's commits (the templates published on the server while
    /// it runs) reach the observation through the database's hooks, and another process's
    /// (`bistro contacts` or `menu set` run elsewhere) through its check for other connections'
    /// commits. `removeDuplicates` drops a list already shown. A published template that cannot be
    /// stored is reported and the watch goes on with what is stored; an observation that fails
    /// ends it, and the command fails.
    private static func watch(_ services: FeatureServices, print: @escaping @Sendable ([SellerContact]) throws -> Void) async throws {
        try await ContactsSync.sync(services)
        let database = try services.database()
        let console = services.console
        let end = WatchEnd()
        let observationFailure = Locked<CommandFailure?>(nil)
        let observation = database.observe(removeDuplicates: { $0 == $1 }) {
            try SellerContactRecord.contacts(in: $0)
        }
        .subscribe(
            onNext: { contacts in
                do { try print(contacts) } catch { console.error("could not print the contacts: \(ErrorSentence.of(error))") }
            },
            onError: { error in
                observationFailure.withLock { $0 = CommandFailure("could not watch the contacts", error) }
                end.stop()
            })
        defer { observation.dispose() }
        // Without a server the stream sends nothing and opens no connection.
        let updates = try services.remoteConfigTables().followUpdates(SellerContactRecord.key).subscribe(onNext: { error in
            if case .invalidValue = error {
                console.warning(ContactsSync.refusal(error))
            } else {
                console.error(CommandFailure("could not store the published contacts", error).message)
            }
        })
        defer { updates.dispose() }
        await end.untilInterrupted()
        if let failure = observationFailure.withLock({ $0 }) { throw failure }
    }
}

import ArgumentParsing
import ContactsInterface
import Dispatch
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
        let print: @Sendable ([SellerContacts]) throws -> Void = { contacts in
            console.emit(json ? try ContactsOutput.json(contacts) : ContactsOutput.text(contacts, style: console.style))
        }
        if watch {
            try await Self.watch(services, print: print)
            return
        }
        try await ContactsSync.run(services)
        try print(try ContactsSync.stored(in: services))
    }

    /// Prints the contacts now and after every change, until SIGINT or the end of standard input.
    ///
    /// One path for every change: this process's commits (the sync below) reach the observation
    /// through the database's hooks, and another process's (`bistro contacts` or `menu set` run
    /// elsewhere) through its check for other connections' commits. `removeDuplicates` drops a
    /// list already shown. A failed sync is reported and the watch goes on with what is stored.
    private static func watch(_ services: FeatureServices, print: @escaping @Sendable ([SellerContacts]) throws -> Void) async throws {
        let database = try services.database()
        let console = services.console
        let stopped = StopSignal()
        let observation = database.observe(tables: [SellerContactsRecord.tableName], removeDuplicates: { $0 == $1 }) {
            try SellerContactsRecord.contacts(in: $0)
        }
        .subscribe(
            onNext: { contacts in
                do { try print(contacts) } catch { console.error("could not print the contacts: \(ErrorSentence.of(error))") }
            },
            onError: { error in
                console.error(CommandFailure("could not watch the contacts", error).message)
                stopped.stop()
            })
        defer { observation.dispose() }
        do {
            try await ContactsSync.run(services)
        } catch let failure as CommandFailure {
            console.error(failure.message)
        }
        // Ctrl-C ends the watch normally (exit 0), as does the end of standard input.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "bistro.contacts.interrupt"))
        interrupt.setEventHandler { stopped.stop() }
        interrupt.resume()
        defer { interrupt.cancel() }
        Thread.detachNewThread {
            _ = FileHandle.standardInput.readDataToEndOfFile()
            stopped.stop()
        }
        await stopped.wait()
    }
}

/// The end of a watch, signalled once from any thread, awaited once.
private final class StopSignal: Sendable {
    private let state = Locked<(stopped: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func stop() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.stopped = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let stopped = state.withLock { state -> Bool in
                if !state.stopped { state.waiter = continuation }
                return state.stopped
            }
            if stopped { continuation.resume() }
        }
    }
}

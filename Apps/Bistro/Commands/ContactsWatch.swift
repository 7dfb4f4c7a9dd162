import ContactsInterface
import Dispatch
import Foundation
import PersistenceInterface
import Reactive

/// `bistro contacts --watch`: prints the contacts now and after every change, until SIGINT or EOF on
/// standard input.
enum ContactsWatch {
    static func run(_ composition: Composition, print: @escaping @Sendable ([SellerContacts]) throws -> Void) throws {
        let database = composition.database
        let stop = DispatchSemaphore(value: 0)

        // One path for every change: this process's commits (the sync below) reach the observation
        // through the database's hooks, and another process's (`bistro contacts` or `menu set` run
        // elsewhere) through its check for other connections' commits. Values arrive one at a time
        // on the database's delivery queue; `removeDuplicates` drops a list already shown.
        let observation = database.observe(SellerContacts.fetchRequestWithSort(), removeDuplicates: true)
            .subscribe(
                onNext: { contacts in
                    do { try print(contacts) } catch { printError("could not print the contacts: \(error)") }
                },
                onError: { error in
                    printError(RuntimeFailure("could not watch the contacts", error).message)
                    stop.signal()
                })

        // A failed sync is reported and the watch goes on with what is stored.
        do { try ContactsCommand.sync(composition) } catch let failure as RuntimeFailure { printError(failure.message) }

        // Ctrl-C ends the watch normally (exit 0), as does the end of standard input.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "bistro.contacts.interrupt"))
        interrupt.setEventHandler { stop.signal() }
        interrupt.resume()
        Thread.detachNewThread {
            _ = FileHandle.standardInput.readDataToEndOfFile()
            stop.signal()
        }
        stop.wait()
        interrupt.cancel()
        observation.dispose()
    }
}

import ContactsInterface
import Dispatch
import Foundation
import PersistenceInterface
import Reactive
import Synchronization

/// `bistro contacts --watch`: prints the contacts now and after every change, until SIGINT or EOF on
/// standard input.
enum ContactsWatch {
    /// Prints each distinct list once, whichever path saw it first.
    private final class Printer: Sendable {
        private let last = Mutex<[SellerContacts]?>(nil)
        private let print: @Sendable ([SellerContacts]) -> Void

        init(print: @escaping @Sendable ([SellerContacts]) -> Void) {
            self.print = print
        }

        func show(_ contacts: [SellerContacts]) {
            // Held while printing, so two paths never print the same list or reorder two lists.
            last.withLock { last in
                guard last != contacts else { return }
                last = contacts
                print(contacts)
            }
        }
    }

    static func run(_ composition: Composition, print: @escaping @Sendable ([SellerContacts]) throws -> Void) throws {
        let database = composition.database
        let printer = Printer(print: { contacts in
            do { try print(contacts) } catch { printError("could not print the contacts: \(error)") }
        })
        let stop = DispatchSemaphore(value: 0)

        // Changes made by this process (the sync below) arrive through the observation.
        let observation = database.observe(SellerContacts.fetchRequestWithSort(), removeDuplicates: true)
            .subscribe(
                onNext: { printer.show($0) },
                onError: { error in
                    printError(RuntimeFailure("could not watch the contacts", error).message)
                    stop.signal()
                })
        // Another process's commits do not reach this connection's hooks, so the table is also read
        // again once a second; the printer drops lists already shown.
        let pollQueue = DispatchQueue(label: "bistro.contacts.poll")
        let poll = DispatchSource.makeTimerSource(queue: pollQueue)
        poll.schedule(deadline: .now() + 1, repeating: 1)
        poll.setEventHandler {
            if let contacts = try? database.read({ try $0.fetchAll(SellerContacts.fetchRequestWithSort()) }) {
                printer.show(contacts)
            }
        }
        poll.resume()

        // A failed sync is reported and the watch goes on with what is stored.
        do { try ContactsCommand.sync(composition) } catch let failure as RuntimeFailure { printError(failure.message) }

        // Ctrl-C ends the watch normally (exit 0), as does the end of standard input.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: pollQueue)
        interrupt.setEventHandler { stop.signal() }
        interrupt.resume()
        Thread.detachNewThread {
            _ = FileHandle.standardInput.readDataToEndOfFile()
            stop.signal()
        }
        stop.wait()
        poll.cancel()
        interrupt.cancel()
        observation.dispose()
    }
}

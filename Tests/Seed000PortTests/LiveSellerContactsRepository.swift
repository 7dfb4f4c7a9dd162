import ContactsInterface
import PersistenceInterface
import Reactive

@testable import Contacts

/// The tutorial's repository over the app's database: the stored contacts, with one sync started
/// alongside.
final class LiveSellerContactsRepository: SellerContactsRepository {
    private let database: any Database
    private let updater: any DatabaseUpdater

    /// A repository reading `database` and bringing it up to date with `updater`.
    init(database: any Database, updater: any DatabaseUpdater) {
        self.database = database
        self.updater = updater
    }

    /// The stored contacts sorted by `order`, again after every change to them, merged with the
    /// sync's error events.
    func sellerContacts() -> Observable<Event<[SellerContacts]>> {
        // 1. The database and the sync run side by side: the screen shows what is stored at once,
        // and what the sync writes reaches it through the observation, never straight from it.
        Observable.merge([
            // 2. The tutorial's `context.rx.entities(fetchRequest: SellerContacts.fetchRequestWithSort())`;
            // duplicates dropped, so a write that stores the same contacts redraws nothing.
            database.observe(removeDuplicates: { $0 == $1 }) { try SellerContactRecord.contacts(in: $0) }.materialize(),
            // 3. Update the database.
            updater.sync(),
        ])
    }
}

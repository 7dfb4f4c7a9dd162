import ContactsInterface
import PersistenceInterface
import Reactive

/// The seller's contacts as the database holds them, with a sync from remote config started alongside.
public final class LiveSellerContactsRepository: SellerContactsRepository {
    private let database: any Database
    private let updater: any DatabaseUpdater

    /// A repository reading `database` and bringing it up to date with `updater`.
    public init(database: any Database, updater: any DatabaseUpdater) {
        self.database = database
        self.updater = updater
    }

    /// The stored contacts sorted by `order`, again after every change to them, merged with the
    /// error events of the sync and of following the templates published later.
    public func sellerContacts() -> Observable<Event<[SellerContacts]>> {
        // The database, the sync and the real-time updates run side by side: the screen shows what
        // is stored at once, and what the others write reaches it through the observation, never
        // straight from them.
        Observable.merge([
            // Duplicates dropped: a sync that stores the same contacts again redraws nothing.
            database.observe(removeDuplicates: { $0 == $1 }) {
                try SellerContactsRecord.contacts(in: $0)
            }.materialize(),
            updater.sync(),
            updater.followUpdates(),
        ])
    }
}

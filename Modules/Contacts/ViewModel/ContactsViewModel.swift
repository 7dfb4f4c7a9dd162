import ContactsInterface
import Dispatch
import FeatureContract
import PersistenceInterface
import Reactive

/// The contacts screen's view model: the contacts the database holds, and the failures of keeping
/// them in step with remote config.
///
/// The screen shows only what the database holds: the sync and the templates published later
/// reach it through the observation, never straight from remote config; what fails reaches it as
/// an error element, with the words of the service that failed.
public final class ContactsViewModel: ContactsViewModelType {
    private let database: any Database
    private let tables: RemoteConfigTables

    /// A view model over `database`, whose contacts table `tables` keeps in step with remote config.
    public init(database: any Database, tables: RemoteConfigTables) {
        self.database = database
        self.tables = tables
    }

    /// The stored contacts sorted by `order`, now and after every change to them, delivered on the
    /// main queue (where the screen shows them: one hand-off from the database's writer), merged
    /// with an `.error` element for each failure of the sync and of following published templates.
    public func contacts() -> Observable<Event<[SellerContacts]>> {
        Observable.merge([
            // Duplicates dropped: a store of the same contacts redraws nothing.
            database.observe(removeDuplicates: { $0 == $1 }, delivery: .async(onQueue: .main)) {
                try SellerContactsRecord.contacts(in: $0)
            }
            .materialize(),
            tables.keepInStep(SellerContactsRecord.remoteConfigKey).map { .error($0.underlying) },
        ])
    }
}

import ContactsInterface
import Dispatch
import Foundation
import PersistenceInterface
import RemoteConfigInterface

/// Builds the feature from the services the composition root picked, live or fake.
public enum ContactsFeature {
    /// The view model over `database`, synced from `remoteConfig`, its syncs limited to one at a
    /// time; every sync stores the active contacts when they differ from the stored ones, however
    /// they were activated.
    public static func makeViewModel(database: any Database, remoteConfig: any RemoteConfigProtocol) -> any ContactsViewModelType {
        let updater = DatabaseUpdaterImpl(
            remoteConfig: remoteConfig, decoder: JSONDecoder(), database: database,
            fetchLimiter: FetchLimiter(serialQueue: DispatchQueue(label: "bistro.contacts.fetch-limiter")),
            storesActiveContactsAfterEveryFetch: true
        )
        return ContactsViewModel(repository: LiveSellerContactsRepository(database: database, updater: updater))
    }

    /// The contacts screen over `database`, synced from `remoteConfig`.
    @MainActor
    public static func makeViewController(database: any Database, remoteConfig: any RemoteConfigProtocol) -> ContactsViewController {
        ContactsViewController(viewModel: makeViewModel(database: database, remoteConfig: remoteConfig))
    }
}

import ContactsInterface
import FeatureContract
import PersistenceInterface

/// Builds the feature's screen from the services the composition root picked, live or fake.
public enum ContactsFeature {
    /// The contacts screen over `database`, whose contacts table `tables` keeps in step with remote config.
    @MainActor
    public static func makeViewController(database: any Database, tables: RemoteConfigTables) -> ContactsViewController {
        ContactsViewController(viewModel: ContactsViewModel(database: database, tables: tables))
    }
}

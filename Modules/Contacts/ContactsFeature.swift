import ContactsInterface
import FeatureContract
import PersistenceInterface

/// Builds the feature's screen from the services the composition root picked, live or fake.
public enum ContactsFeature {
    /// Where the contacts screen's state comes from: the contacts `database` holds, which `tables`
    /// keeps in step with remote config's `seller_contacts`, and the failures of keeping them so.
    public static func makeTableScreen(database: any Database, tables: RemoteConfigTables) -> TableScreen<SellerContact> {
        .live(key: SellerContactRecord.key, tables: tables, database: database) { try SellerContactRecord.contacts(in: $0) }
    }

    /// The contacts screen over `database`, whose contacts table `tables` keeps in step with remote config.
    @MainActor
    public static func makeViewController(database: any Database, tables: RemoteConfigTables) -> ContactsViewController {
        ContactsViewController(tableScreen: makeTableScreen(database: database, tables: tables))
    }
}

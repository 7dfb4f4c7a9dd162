import FeatureContract
import RemoteConfigInterface
import TerminalUI

extension ContactsFeature {
    /// The Contacts feature as the app takes it: its table, kept in step with the `seller_contacts`
    /// key (the contacts compiled in as its default), the Contacts tab, `bistro contacts`, and its
    /// part of the summary.
    public static let plugin = FeaturePlugin(
        name: "contacts",
        migrations: ContactsMigrations.all,
        remoteConfigDefaults: [SellerContactRecord.key: .string(ContactsDefaults.sellerContacts)],
        configTables: [SellerContactRecord.table],
        commands: [ContactsCommand.self],
        screens: [
            FeatureScreen { services in
                makeViewController(database: try services.database(), tables: try services.remoteConfigTables())
            }
        ],
        summary: FeatureSummary(title: "Contacts") { services in
            try await ContactsSync.sync(services)
            return ContactsOutput.text(try ContactsSync.stored(services), style: services.console.style)
        })
}

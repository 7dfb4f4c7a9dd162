import FeatureContract
import RemoteConfigInterface
import TerminalUI

extension ContactsFeature {
    /// The Contacts feature as the app takes it: its table, the `seller_contacts` key with the
    /// contacts compiled in, the Contacts tab, `bistro contacts`, and its part of the summary.
    public static let plugin = FeaturePlugin(
        name: "contacts",
        migrations: ContactsMigrations.all,
        remoteConfigDefaults: [DatabaseUpdaterImpl.sellerContactsKey: .string(ContactsDefaults.sellerContacts)],
        commands: [ContactsCommand.self],
        screens: [
            FeatureScreen { services in
                makeViewController(database: try services.database(), remoteConfig: try services.remoteConfig())
            }
        ],
        summary: FeatureSummary(title: "Contacts") { services in
            try await ContactsSync.run(services)
            return ContactsOutput.text(try ContactsSync.stored(in: services), style: services.console.style)
        })
}

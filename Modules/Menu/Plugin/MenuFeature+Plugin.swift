import FeatureContract
import MenuInterface
import PersistenceInterface
import RemoteConfigInterface
import TerminalUI

extension MenuFeature {
    /// The Menu feature as the app takes it: its tables (and the selection table the Bistro app
    /// kept before the feature stored one), the catalog table kept in step with the `menu` key (the
    /// catalog compiled in as its default), the Menu tab, `bistro menu ...` and `bistro orders`, and
    /// its part of the summary.
    public static let plugin = FeaturePlugin(
        name: "menu",
        migrations: MenuMigrations.all + MenuMigrations.appSelectionBeforeTheFeatureStoredIt,
        remoteConfigDefaults: [MenuItemRecord.key: .string(MenuDefaults.catalog)],
        configTables: [MenuItemRecord.table],
        commands: [MenuCommand.self, OrdersCommand.self],
        screens: [
            FeatureScreen { services in
                makeViewController(database: try services.database(), tables: try services.remoteConfigTables())
            }
        ],
        summary: FeatureSummary(title: "Menu") { services in
            MenuOutput.text(try await MenuSync.menus(services), style: services.console.style)
        })
}

import Architecture
import FeatureContract
import MenuInterface
import PersistenceInterface

/// Builds the feature from the client the composition root picked, live or fake.
public enum MenuFeature {
    /// The feature's tables, for the app to open its database with.
    public static var migrations: [Migration] { MenuMigrations.all }

    /// The menu screen's store, its effects running with `client`.
    public static func makeStore(client: MenuClient) -> Store<MenuList.State, MenuList.Action> {
        Store(initialState: MenuList.State()) {
            MenuList()
        } withDependencies: {
            $0.menuClient = client
        }
    }

    /// The menu screen over the live client: the catalog in `database`, kept in step with remote
    /// config by `tables`, the selection and orders in it.
    @MainActor
    public static func makeViewController(database: any Database, tables: RemoteConfigTables) -> MenuViewController {
        MenuViewController(store: makeStore(client: .live(database: database, tables: tables)))
    }
}

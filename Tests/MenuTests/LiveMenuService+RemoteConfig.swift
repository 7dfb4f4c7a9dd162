import FeatureContract
import Menu
import PersistenceInterface
import RemoteConfigInterface

extension LiveMenuService {
    /// The service over `database` with its catalog table kept in step with `remoteConfig`, as the
    /// app's plugin declares it.
    convenience init(remoteConfig: any RemoteConfigProtocol, database: any Database) {
        self.init(database: database, tables: menuTables(remoteConfig, database))
    }
}

/// The menu's remote-config tables over `database`, as the app's plugin declares them.
func menuTables(_ remoteConfig: any RemoteConfigProtocol, _ database: any Database) -> RemoteConfigTables {
    RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: MenuFeature.plugin.configTables)
}

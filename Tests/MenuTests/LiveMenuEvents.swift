import FeatureContract
import MenuInterface
import PersistenceInterface
import Reactive
import RemoteConfigInterface

@testable import Menu

/// The live client's stored menu and the failures of keeping it in step as one stream (what the
/// screen's `task` follows): the menu as `.next` elements, each failure, and a failure to read,
/// as `.error` elements.
struct LiveMenuEvents {
    let client: MenuClient

    /// The client over `database` with its catalog table kept in step with `remoteConfig`, as the
    /// app's plugin declares it.
    init(remoteConfig: any RemoteConfigProtocol, database: any Database) {
        client = .live(database: database, tables: menuTables(remoteConfig, database))
    }

    func events() -> Observable<Event<[MenuItem]>> {
        Observable.merge(
            client.menus().map { Event.next($0) }.catch { .just(.error($0)) },
            client.keepInStep().map { Event.error($0) })
    }
}

/// The menu's remote-config tables over `database`, as the app's plugin declares them.
func menuTables(_ remoteConfig: any RemoteConfigProtocol, _ database: any Database) -> RemoteConfigTables {
    RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: MenuFeature.plugin.configTables)
}

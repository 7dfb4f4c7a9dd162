import FeatureContract
import MenuInterface
import PersistenceInterface
import Reactive

/// The catalog from remote config, through the database (the single source of truth, as in Contacts).
///
/// `fetchMenu()` observes the stored catalog and, while subscribed, keeps the catalog table in step
/// with remote config's `menu` (`RemoteConfigTables`): what reaches the screen is always what the
/// database holds; a sync or a published template shows up only through the observation, and what
/// fails as an error element.
public final class LiveMenuService: MenuService {
    private let database: any Database
    private let tables: RemoteConfigTables

    /// A service over `database` (opened with `MenuMigrations.all`), whose catalog table `tables`
    /// keeps in step with remote config (`MenuItemRecord.configTable` among them, as the plugin declares).
    public init(database: any Database, tables: RemoteConfigTables) {
        self.database = database
        self.tables = tables
    }

    /// The stored catalog, now and after every change, merged with an `.error` element for each
    /// failure of the sync and of following the templates published later.
    public func fetchMenu() -> Observable<Event<[MenuItem]>> {
        Observable.merge(
            storedMenus(),
            tables.keepInStep(MenuCatalog.key).map { .error(MenuError(tableFailure: $0)) })
    }

    /// The catalog table, observed; a storage failure becomes an error element.
    private func storedMenus() -> Observable<Event<[MenuItem]>> {
        database.observe(MenuItemRecord.catalog, removeDuplicates: true)
            .map { records in records.map(\.menu) }
            .materialize()
            .compactMap { event -> Event<[MenuItem]>? in
                switch event {
                case .next(let menus): .next(menus)
                case .error(let error): .error(MenuError.storage(reason: "\(error)"))
                case .completed: nil
                }
            }
    }
}

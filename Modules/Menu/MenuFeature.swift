import Architecture
import FeatureContract
import MenuInterface
import PersistenceInterface

/// Builds the feature from the services the composition root picked, live or fake.
public enum MenuFeature {
    /// The feature's tables, for the app to open its database with.
    public static var migrations: [Migration] { MenuMigrations.all }

    /// The store (the ReSwift middleware tutorial's): the pure reducer, an empty state, the side
    /// effects (the catalog, orders) as middleware.
    public static func makeStore(menuService: any MenuService, orderService: any OrderService) -> Store<MenuState, MenuAction> {
        Store(
            initialState: MenuState(), reducer: MenuReducer(),
            middleware: [MenuMiddleware.all(menuService: menuService, orderService: orderService)])
    }

    /// The view model over the live services: the catalog in `database`, kept in step with remote
    /// config by `tables`, orders into it, and the selection kept in it (the one
    /// `LiveMenuSelectionService` shares).
    @MainActor
    public static func makeViewModel(database: any Database, tables: RemoteConfigTables) -> MenuListViewModel {
        MenuListViewModel(
            menuService: LiveMenuService(database: database, tables: tables),
            orderService: LiveOrderService(database: database),
            selectionService: LiveMenuSelectionService(database: database)
        )
    }

    /// The menu screen over the live services.
    @MainActor
    public static func makeViewController(database: any Database, tables: RemoteConfigTables) -> MenuViewController {
        MenuViewController(viewModel: makeViewModel(database: database, tables: tables))
    }
}

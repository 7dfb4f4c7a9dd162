import Architecture
import MenuInterface
import PersistenceInterface

/// Builds the feature from the services the composition root picked, live or fake.
public enum MenuFeature {
    /// The feature's tables, for the app to open its database with.
    public static var migrations: [Migration] { MenuMigrations.all }

    /// The store (seed 001's): the pure reducer, an empty state, the side effects as middleware.
    public static func makeStore(menuService: any MenuService, orderService: any OrderService) -> Store<MenuState, MenuAction> {
        Store(
            initialState: MenuState(), reducer: MenuReducer(),
            middleware: [menuMiddleware(menuService: menuService, orderService: orderService)]
        )
    }
}

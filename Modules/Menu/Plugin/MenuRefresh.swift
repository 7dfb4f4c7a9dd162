import FeatureContract
import MenuInterface
import PersistenceInterface
import Reactive

/// What the menu commands share: the catalog refreshed from remote config into the database, then
/// the stored menu with the stored selection.
enum MenuRefresh {
    /// Syncs the catalog table with remote config (only a valid catalog that changed is written),
    /// then returns the stored catalog in its order with the stored counts.
    static func menus(_ services: FeatureServices) async throws -> [MenuItem] {
        let sync = try services.remoteConfigTables().sync(MenuCatalog.key)
        do {
            try await services.console.withSpinner("fetching remote config", enabled: services.usesNetwork) { try await sync.value }
        } catch let failure as RemoteConfigTableError {
            throw CommandFailure("could not refresh the menu", MenuError(tableFailure: failure))
        } catch {
            throw CommandFailure("could not refresh the menu", error)
        }
        return try await stored(services)
    }

    /// The stored catalog with the stored counts, without a refresh.
    static func stored(_ services: FeatureServices) async throws -> [MenuItem] {
        try await CommandFailure.during("could not read the menu") {
            try await LiveMenuSelectionService(database: try services.database()).selectedMenus().value
        }
    }

    /// Prints `menus` as text or JSON.
    static func show(_ menus: [MenuItem], json: Bool, on console: Console) throws {
        console.emit(json ? try MenuOutput.json(menus) : MenuOutput.text(menus, style: console.style))
    }
}

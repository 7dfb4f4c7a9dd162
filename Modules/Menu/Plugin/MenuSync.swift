import FeatureContract
import MenuInterface
import PersistenceInterface
import Reactive

/// What the menu commands share: the catalog synced from remote config into the database, then
/// the stored menu with the stored selection.
enum MenuSync {
    /// Syncs the catalog table with remote config (only a valid catalog that changed is written),
    /// then returns the stored catalog in its order with the stored counts.
    static func menus(_ services: FeatureServices) async throws -> [MenuItem] {
        try await sync(services)
        return try await stored(services)
    }

    /// Syncs the catalog table with remote config (`FeatureServices.syncTable`: a refused catalog
    /// is a warning and the stored one stays; a failed fetch or write fails the command with the
    /// database as it was), then says what the sync took off the selection.
    static func sync(_ services: FeatureServices) async throws {
        try await services.syncTable(
            MenuItemRecord.key, failure: "could not sync the menu",
            refusal: { "the server's menu was refused, keeping the last good menu: \(MenuError(tableFailure: $0))" },
            explain: { MenuError(tableFailure: $0) })
        try await tellSelectionChanges(services)
    }

    /// Says on standard error what a refresh took off the selection (a selected item that went or
    /// came back under another name or price), once: what is said is marked as told, as the
    /// screen's alert does.
    private static func tellSelectionChanges(_ services: FeatureServices) async throws {
        let told = try await CommandFailure.during("could not read the menu") {
            try await services.database().asyncWrite { db in
                let changes = try MenuSelectionChangeRecord.changes(in: db)
                try MenuSelectionChangeRecord.acknowledge(changes, in: db)
                return changes
            }
            .asSingle().value
        }
        for change in told { services.console.note(change.description) }
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

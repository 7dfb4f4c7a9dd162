import FeatureContract
import MenuInterface
import PersistenceInterface
import Reactive
import TerminalUI

/// What the menu commands share: the catalog synced from remote config into the database, then
/// the stored menu with the stored selection.
enum MenuSync {
    /// Syncs the catalog table with remote config (only a valid catalog that changed is written),
    /// then returns the stored catalog in its order with the stored counts.
    static func menus(_ services: FeatureServices) async throws -> [MenuItem] {
        try await sync(services)
        return try await stored(services)
    }

    /// Syncs the catalog table with remote config. A catalog the server sent that is refused is no
    /// failure — the stored catalog stays, and the first run that meets it says why on standard
    /// error — so that one bad value never takes the menu down; a failed fetch or write is a
    /// `CommandFailure`, with the database as it was.
    static func sync(_ services: FeatureServices) async throws {
        let sync = try services.remoteConfigTables().syncKeepingLastGoodData(MenuCatalog.key)
        let refusal: RemoteConfigTableError?
        do {
            refusal = try await services.console.withSpinner("fetching remote config", enabled: services.usesNetwork) {
                try await sync.value
            }
        } catch let failure as RemoteConfigTableError {
            throw CommandFailure("could not refresh the menu", MenuError(tableFailure: failure))
        } catch {
            throw CommandFailure("could not refresh the menu", error)
        }
        if let refusal {
            warn("the server's menu was refused, keeping the last good menu: \(MenuError(tableFailure: refusal))", on: services.console)
        }
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
        for change in told { note(change.description, on: services.console) }
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

    /// Writes `<tool>: warning: <message>` to standard error: the command goes on, and exits 0.
    /// The message may quote a server: its control characters are shown, not sent.
    private static func warn(_ message: String, on console: Console) {
        console.writeError("\(console.toolName): warning: \(message.sanitizedForTerminal)\n")
    }

    /// Writes `<tool>: note: <message>` to standard error, shown as `warn(_:on:)` shows.
    private static func note(_ message: String, on console: Console) {
        console.writeError("\(console.toolName): note: \(message.sanitizedForTerminal)\n")
    }
}

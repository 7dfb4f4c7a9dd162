import MenuInterface
import PersistenceInterface

extension MenuMigrations {
    /// Sets the stored counts of `selection`'s items inside a migration, for an app that kept a
    /// selection of its own before the feature stored one; items not on the stored catalog are left out.
    // A migration must not fail on data the old table accepted, so no total is checked (the app
    // checked it when it stored the counts). It runs with Menu's current code: the app's migrations
    // come after the feature's in the list, so the feature's schema is complete when it runs.
    public static func importSelection(_ selection: MenuSelection, in db: any WriteTransaction) throws {
        for item in try MenuItemRecord.menus(in: db) where selection.count(of: item.id) > 0 {
            try db.upsert(MenuSelectionRecord(item, count: selection.count(of: item.id)))
        }
    }
}

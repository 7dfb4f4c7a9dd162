import ContactsInterface
import Foundation
import PersistenceInterface
import RemoteConfigInterface

/// Fills a new database once from the active remote-config values.
///
/// The Contacts updater writes only when a fetch *changed* the active values, so on a machine with
/// no server (fetch = `successUsingPreFetchedData`) its table would stay empty forever. The menu
/// needs nothing here: the Menu service stores the active catalog after any successful fetch.
enum InitialFill {
    static let markerKey = "filledFromActiveValues"

    /// Writes the active seller contacts into an empty contacts table, the first time only (a marker
    /// row remembers it, so contacts emptied later on purpose stay empty). A value that does not
    /// decode fills nothing; the next sync reports it.
    static func run(database: any Database, remoteConfig: any RemoteConfigProtocol) throws {
        let contacts = try? JSONDecoder().decode(
            [SellerContacts].self, from: remoteConfig.configValue(forKey: "seller_contacts").dataValue)
        try database.write { db in
            let marker = try db.fetchValue(sql: "SELECT value FROM bistroAppState WHERE key = ?", arguments: [.text(markerKey)])
            guard marker == nil else { return }
            if let contacts, try db.fetchCount(SellerContacts.self) == 0 {
                for contact in contacts { _ = try db.insert(contact) }
            }
            try db.execute(sql: "INSERT INTO bistroAppState (key, value) VALUES (?, 'yes')", arguments: [.text(markerKey)])
        }
    }
}

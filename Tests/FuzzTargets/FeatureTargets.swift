import Contacts
import Foundation
import Menu
import RemoteConfigInterface

extension FuzzTarget {
    /// Remote config's `menu`, as a server publishes it: a catalog taken whole or refused.
    static let menuCatalog = FuzzTarget("menu-catalog", "the menu's catalog as remote config publishes it (`menu`)") {
        do {
            _ = try MenuCatalogDecoding.decode(RemoteConfigValue(data: Data($0), source: .remote))
            return .decoded
        } catch {
            return .refused
        }
    }

    /// Remote config's `seller_contacts`, as a server publishes it: contacts taken whole or refused.
    static let sellerContacts = FuzzTarget("seller-contacts", "the seller's contacts as remote config publishes them (`seller_contacts`)") {
        do {
            _ = try SellerContactsDecoding.decode(Data($0))
            return .decoded
        } catch {
            return .refused
        }
    }
}

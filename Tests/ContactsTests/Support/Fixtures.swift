import ContactsInterface
import FeatureContract
import Foundation
import Persistence
import PersistenceInterface
import RemoteConfigInterface
import RemoteConfigTesting

@testable import Contacts

/// The contacts the tests store, deliberately not in `order`.
let sellerContacts = [
    SellerContacts(address: "Hauptstraße 2, Berlin", order: 2, phone: "+49 30 2222"),
    SellerContacts(address: "Marktplatz 1, Hamburg", order: 0, phone: "+49 40 1111"),
    SellerContacts(address: nil, order: 1, phone: "+49 89 3333"),
]

/// What the view model delivers for `sellerContacts`: the same, sorted by `order`.
let sortedSellerContacts = sellerContacts.sorted { $0.order < $1.order }

/// The contacts of `RemoteConfigSample.sellerContacts`.
let sampleContacts = [
    SellerContacts(address: "서울특별시 종로구 세종대로 175", order: 0, phone: "+82 2-1234-5678"),
    SellerContacts(address: "부산광역시 해운대구 해운대해변로 264", order: 1, phone: "+82 51-987-6543"),
]

/// An in-memory database with the feature's schema, holding `contacts`.
func makeDatabase(holding contacts: [SellerContacts] = []) throws -> SQLiteDatabase {
    let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
    try database.write { db in
        for contact in contacts { try db.insert(SellerContactsRecord(contact)) }
    }
    return database
}

/// The contacts table of `database` kept in step with `remoteConfig`, as the app's plugin declares it.
func makeTables(_ remoteConfig: any RemoteConfigProtocol, _ database: any Database) -> RemoteConfigTables {
    RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: [SellerContactsRecord.configTable])
}

/// What the table holds, sorted by `order`.
func storedContacts(in database: any Database) throws -> [SellerContacts] {
    try database.read { try SellerContactsRecord.contacts(in: $0) }
}

/// A remote-config value as the server sends it.
func remoteValue(_ text: String) -> RemoteConfigValue {
    RemoteConfigValue(string: text, source: .remote)
}

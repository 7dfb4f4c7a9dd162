import ContactsInterface
import Foundation
import Persistence
import PersistenceInterface
import RemoteConfigInterface
import RemoteConfigTesting

@testable import Contacts

/// An in-memory database with the feature's schema, holding `contacts`.
func makeDatabase(holding contacts: [SellerContacts] = []) throws -> SQLiteDatabase {
    let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
    try database.write { db in
        for contact in contacts { try db.insert(SellerContactRecord(contact)) }
    }
    return database
}

/// What the table holds, sorted by `order`.
func storedContacts(in database: any Database) throws -> [SellerContacts] {
    try database.read { try SellerContactRecord.contacts(in: $0) }
}

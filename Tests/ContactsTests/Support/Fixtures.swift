import ContactsInterface
import FeatureContract
import Foundation
import Persistence
import PersistenceInterface
import Reactive
import RemoteConfigInterface
import RemoteConfigTesting

@testable import Contacts

/// An in-memory database with the feature's schema, holding `contacts`.
func makeDatabase(holding contacts: [SellerContact] = []) throws -> SQLiteDatabase {
    let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
    try database.write { db in
        for contact in contacts { try db.insert(SellerContactRecord(contact)) }
    }
    return database
}

/// The contacts table of `database` kept in step with `remoteConfig`, as the app's plugin declares it.
func makeTables(_ remoteConfig: any RemoteConfigProtocol, _ database: any Database) -> RemoteConfigTables {
    RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: [SellerContactRecord.table])
}

/// What the table holds, sorted by `order`.
func storedContacts(in database: any Database) throws -> [SellerContact] {
    try database.read { try SellerContactRecord.contacts(in: $0) }
}

/// A failure as a table screen says it.
struct Sentence: Error, Equatable {
    let text: String
}

/// The live contacts table screen over `database` and `remoteConfig`, its rows as `.next` elements
/// and each failure as an `.error` element carrying the screen's sentence.
func contactsEvents(_ remoteConfig: any RemoteConfigProtocol, _ database: any Database) -> Observable<Event<[SellerContact]>> {
    let screen = ContactsFeature.makeTableScreen(database: database, tables: makeTables(remoteConfig, database))
    return Observable.merge(
        screen.rows().map { Event.next($0) }.catch { .just(.error($0)) },
        screen.failures().map { Event.error(Sentence(text: $0)) })
}

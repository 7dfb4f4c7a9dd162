import ContactsInterface
import ContactsTestSupport
import FeatureContract
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigTesting
import XCTest

@testable import Contacts

/// The feature wired as the composition root wires it, with the `--fake` services.
final class ContactsFeatureTests: XCTestCase {
    func testTheMigrationsCreateTheContactsTable() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        XCTAssertEqual(try database.appliedMigrations(), ["contacts.createSellerContacts"])

        try database.write { db in
            for contact in sellerContacts { try db.insert(SellerContactRecord(contact)) }
        }
        XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts)
        // `order` is the key: a second contact at a taken position is refused.
        XCTAssertThrowsError(try database.write { try $0.insert(SellerContactRecord(SellerContact(address: nil, order: 1, phone: nil))) })
        // Only Int16 positions fit, so every stored row reads back.
        XCTAssertThrowsError(try database.write { try $0.execute(sql: #"INSERT INTO sellerContacts ("order") VALUES (40000)"#) })
    }

    func testWithTheFakeRemoteConfigTheTableScreenShowsTheSampleContacts() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        let remoteConfig = FakeRemoteConfig.sample()
        // The plugin's tables, as the composition root collects them: the contacts table, kept in
        // step with `seller_contacts`.
        XCTAssertEqual(ContactsFeature.plugin.configTables.map(\.key), [SellerContactRecord.key])
        let tables = RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: ContactsFeature.plugin.configTables)
        let screen = ContactsFeature.makeTableScreen(database: database, tables: tables)

        // The first rows are the empty table (unless the sync's write came first), then the synced ones.
        let contacts = try screen.states(alertDismissals: .never())
            .map(\.rows)
            .filter { !$0.isEmpty }
            .toBlocking(timeout: 10)
            .first()

        XCTAssertEqual(contacts, sampleContacts)
        XCTAssertEqual(try storedContacts(in: database), sampleContacts)
        XCTAssertEqual(remoteConfig.fetchCount, 1)
    }
}

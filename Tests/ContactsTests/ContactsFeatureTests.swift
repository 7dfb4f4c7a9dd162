import ContactsInterface
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
            for contact in sellerContacts { try db.insert(SellerContactsRecord(contact)) }
        }
        XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts)
        // `order` is the key: a second contact at a taken position is refused.
        XCTAssertThrowsError(try database.write { try $0.insert(SellerContactsRecord(SellerContacts(address: nil, order: 1, phone: nil))) })
        // Only Int16 positions fit, so every stored row reads back.
        XCTAssertThrowsError(try database.write { try $0.execute(sql: #"INSERT INTO sellerContacts ("order") VALUES (40000)"#) })
    }

    func testWithTheFakeRemoteConfigTheViewModelDeliversTheSampleContacts() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        let viewModel = ContactsFeature.makeViewModel(database: database, remoteConfig: FakeRemoteConfig.sample())

        // The first element is the empty table (unless the sync's write came first), then the synced one.
        let contacts = try viewModel.contacts()
            .compactMap(\.element)
            .filter { !$0.isEmpty }
            .toBlocking(timeout: 10)
            .first()

        XCTAssertEqual(contacts, sampleContacts)
        XCTAssertEqual(try storedContacts(in: database), sampleContacts)
    }

    func testViewModelIsTheRepositoryStream() throws {
        let database = try makeDatabase(holding: sellerContacts)
        let updater = DatabaseUpdaterMock()
        updater.error = AppError.unknown
        let viewModel = ContactsViewModel(repository: LiveSellerContactsRepository(database: database, updater: updater))

        let events = try viewModel.contacts().take(2).toBlocking(timeout: 10).toArray()

        XCTAssertEqual(events.compactMap(\.element), [sortedSellerContacts])
        XCTAssertEqual(events.compactMap { $0.error as? AppError }, [.unknown])
    }
}

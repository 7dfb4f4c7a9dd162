import ContactsInterface
import Persistence
import PersistenceInterface
import Reactive
import XCTest

@testable import Contacts

/// The stored shape of a contact: the feature's table, sorted by `order`.
final class SellerContactsRecordTests: XCTestCase {
    func testTheSortedRequestOrdersByOrderAscending() {
        XCTAssertEqual(SellerContactsRecord.fetchRequestWithSort(), Query<SellerContactsRecord>(ordering: [Column("order").asc]))
        XCTAssertEqual(SellerContactsRecord.fetchRequestWithSort().tables, ["sellerContacts"])
        XCTAssertEqual(SellerContactsRecord.primaryKey, "order")
    }

    func testRoundTripThroughTheFeaturesTableSortedByOrder() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        let contacts = [
            SellerContacts(address: "B", order: Int16.max, phone: nil),
            SellerContacts(address: nil, order: Int16.min, phone: "+1"),
            SellerContacts(address: "Straße 1 · 서울 🏠", order: 0, phone: ""),
        ]
        try database.write { try SellerContactsRecord.store(contacts, in: $0, onlyIfChanged: false) }
        XCTAssertEqual(try database.read { try SellerContactsRecord.contacts(in: $0) }, contacts.sorted { $0.order < $1.order })
        XCTAssertEqual(try database.read { try $0.fetchOne(SellerContactsRecord.self, id: 0) }?.phone, "")
    }

    func testStoringTheSameContactsAgainCommitsNothing() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        let contacts = [SellerContacts(address: "A", order: 1, phone: nil), SellerContacts(address: "B", order: 0, phone: nil)]
        try database.write { try SellerContactsRecord.store(contacts, in: $0, onlyIfChanged: true) }
        let saves = Locked<Int>(0)
        let subscription = database.didSave.subscribe(onNext: { _ in saves.withLock { $0 += 1 } })
        defer { subscription.dispose() }
        try database.write { try SellerContactsRecord.store(contacts.reversed(), in: $0, onlyIfChanged: true) }
        XCTAssertEqual(saves.withLock { $0 }, 0)
        try database.write { try SellerContactsRecord.store([contacts[0]], in: $0, onlyIfChanged: true) }
        XCTAssertEqual(saves.withLock { $0 }, 1)
    }
}

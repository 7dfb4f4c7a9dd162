import ContactsInterface
import ContactsTestSupport
import Persistence
import PersistenceInterface
import TestSupport
import XCTest

@testable import Contacts

/// A failure of the caller's write after the replace.
private struct CallerFailure: Error {}

/// The stored shape of a contact: the feature's table, sorted by `order`.
final class SellerContactsRecordTests: XCTestCase {
    func testTheSortedRequestOrdersByOrderAscending() {
        XCTAssertEqual(SellerContactRecord.fetchRequestWithSort(), Query<SellerContactRecord>(ordering: [Column("order").asc]))
        XCTAssertEqual(SellerContactRecord.fetchRequestWithSort().tables, ["sellerContacts"])
        XCTAssertEqual(SellerContactRecord.primaryKey, "order")
    }

    func testRoundTripThroughTheFeaturesTableSortedByOrder() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        let contacts = [
            SellerContact(address: "B", order: Int16.max, phone: nil),
            SellerContact(address: nil, order: Int16.min, phone: "+1"),
            SellerContact(address: "Straße 1 · 서울 🏠", order: 0, phone: ""),
        ]
        try database.write { try SellerContactRecord.replace(with: contacts, in: $0) }
        XCTAssertEqual(try database.read { try SellerContactRecord.contacts(in: $0) }, contacts.sorted { $0.order < $1.order })
        XCTAssertEqual(try database.read { try $0.fetchOne(SellerContactRecord.self, id: 0) }?.phone, "")
    }

    func testReplaceMakesTheTableHoldExactlyTheContactsWithinTheCallersWrite() throws {
        let database = try makeDatabase(holding: sellerContacts)
        let saves = SaveRecorder(database)

        try database.write { try SellerContactRecord.replace(with: sampleContacts.reversed(), in: $0) }
        XCTAssertEqual(try storedContacts(in: database), sampleContacts)
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [DatabaseChanges(tables: ["sellerContacts": .init(inserted: 2, deleted: 3)])])

        // The caller's write is the transaction: when it fails after the replace, or the replace
        // fails half-way (two contacts at one `order`), nothing of it stays.
        XCTAssertThrowsError(
            try database.write { db in
                try SellerContactRecord.replace(with: [], in: db)
                throw CallerFailure()
            })
        let clash = [SellerContact(address: "A", order: 5, phone: nil), SellerContact(address: "B", order: 5, phone: nil)]
        XCTAssertThrowsError(try database.write { try SellerContactRecord.replace(with: clash, in: $0) })
        XCTAssertEqual(try storedContacts(in: database), sampleContacts)
        XCTAssertEqual(try saves.savesAfterPendingWrites().count, 1)
    }
}

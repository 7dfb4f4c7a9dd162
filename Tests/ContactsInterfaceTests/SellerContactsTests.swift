import ContactsInterface
import Foundation
import Persistence
import PersistenceInterface
import XCTest

final class SellerContactsTests: XCTestCase {
    func testDecodesTheRemoteConfigShape() throws {
        let json = #"[{"address": "Marktplatz 1", "order": 2, "phone": "+49 40 1111"}, {"order": -3, "phone": null}]"#
        let contacts = try JSONDecoder().decode([SellerContacts].self, from: Data(json.utf8))
        XCTAssertEqual(contacts, [
            SellerContacts(address: "Marktplatz 1", order: 2, phone: "+49 40 1111"),
            SellerContacts(address: nil, order: -3, phone: nil),
        ])
    }

    func testOrderIsAnInt16() {
        let json = #"[{"order": 32768}]"#
        XCTAssertThrowsError(try JSONDecoder().decode([SellerContacts].self, from: Data(json.utf8))) {
            guard case DecodingError.dataCorrupted = $0 else { return XCTFail("\($0)") }
        }
    }

    func testTheSortedRequestOrdersByOrderAscending() {
        XCTAssertEqual(SellerContacts.fetchRequestWithSort(), Query<SellerContacts>(ordering: [Column("order").asc]))
        XCTAssertEqual(SellerContacts.fetchRequestWithSort().tables, ["sellerContacts"])
        XCTAssertEqual(SellerContacts.primaryKey, "order")
    }

    /// The record against a real table of the same shape (the feature's migration lives in `Contacts`).
    func testRoundTripThroughSQLiteSortedByOrder() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [
            Migration("sellerContacts", sql: #"CREATE TABLE sellerContacts (address TEXT, "order" INTEGER PRIMARY KEY, phone TEXT)"#),
        ])
        let contacts = [
            SellerContacts(address: "B", order: Int16.max, phone: nil),
            SellerContacts(address: nil, order: Int16.min, phone: "+1"),
            SellerContacts(address: "Straße 1 · 서울 🏠", order: 0, phone: ""),
        ]
        try database.write { db in
            for contact in contacts { try db.insert(contact) }
        }

        let stored = try database.read { try $0.fetchAll(SellerContacts.fetchRequestWithSort()) }
        XCTAssertEqual(stored, contacts.sorted { $0.order < $1.order })
        XCTAssertEqual(try database.read { try $0.fetchOne(SellerContacts.self, id: 0) }?.phone, "")
    }
}

import ContactsInterface
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import XCTest

@testable import Contacts

final class SellerContactsRepositoryTests: XCTestCase {
    private var database: SQLiteDatabase!
    private var updater: DatabaseUpdaterMock!
    private var repository: LiveSellerContactsRepository!

    override func setUpWithError() throws {
        database = try makeDatabase(holding: sellerContacts)
        updater = DatabaseUpdaterMock()
        repository = LiveSellerContactsRepository(database: database, updater: updater)
    }

    override func tearDown() {
        repository = nil
        updater = nil
        database = nil
    }

    func testSellerContacts() throws {
        // 1. Success: the sequence holds only one element, the stored contacts, and sync() was called.
        XCTAssertThrowsError(try repository.sellerContacts().take(2).toBlocking(timeout: 0.5).toArray()) {
            XCTAssertEqual($0 as? RxError, .timeout)
        }
        updater.isSync = false
        var result = try repository.sellerContacts().toBlocking(timeout: 10).first()?.element
        XCTAssertTrue(updater.isSync)
        XCTAssertEqual(result?.count, sellerContacts.count)
        XCTAssertEqual(result, sortedSellerContacts)

        // 2. Sync error: two elements, the error event and the stored contacts; sync() was called.
        updater.isSync = false
        updater.error = AppError.unknown
        let resultArray = try repository.sellerContacts().take(2).toBlocking(timeout: 10).toArray()
        XCTAssertTrue(resultArray.contains { $0.error?.localizedDescription == AppError.unknown.localizedDescription })
        XCTAssertTrue(updater.isSync)
        result = resultArray.first { $0.error == nil }?.element
        XCTAssertEqual(result?.count, sellerContacts.count)
        XCTAssertEqual(result, sortedSellerContacts)
    }

    func testTheStreamFollowsEveryWriterAndSkipsWritesThatChangeNothing() throws {
        let contacts = repository.sellerContacts().compactMap(\.element)
        let changed = SellerContacts(address: "Neuer Weg 5", order: 0, phone: "+49 40 9999")
        let values = contacts.take(3).toArray().asObservable()
        let recorded = ReplaySubject<[[SellerContacts]]>.createUnbounded()
        let subscription = values.subscribe(recorded)
        defer { subscription.dispose() }
        let saves = SaveRecorder(database)

        // The same rows written again: a commit, but no new element.
        try database.write { db in
            try db.deleteAll(SellerContactsRecord.self)
            for contact in sellerContacts { try db.insert(SellerContactsRecord(contact)) }
        }
        try database.write { try $0.update(SellerContactsRecord(changed)) }
        try database.write { try $0.deleteAll(SellerContactsRecord.self) }

        let elements = try recorded.toBlocking(timeout: 10).first()
        XCTAssertEqual(elements, [sortedSellerContacts, [changed] + sortedSellerContacts.dropFirst(), []])
        XCTAssertEqual(try saves.savesAfterPendingWrites().count, 3)
    }
}

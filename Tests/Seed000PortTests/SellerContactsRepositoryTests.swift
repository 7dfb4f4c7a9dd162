import ContactsInterface
import ContactsTestSupport
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import XCTest

@testable import Contacts

/// The tutorial's `testSellerContacts`: the repository is the stored contacts merged with one sync's
/// error events; and the tutorial's view model forwards that stream.
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
        // The tutorial waits a second for a second element that must not come; here the second
        // element is the one a later write brings, so anything else would have come before it.
        let events = ReplaySubject<Event<[SellerContacts]>>.createUnbounded()
        let subscription = repository.sellerContacts().subscribe(events)
        defer { subscription.dispose() }
        XCTAssertEqual(try events.take(1).toBlocking(timeout: 10).first()?.element, sortedSellerContacts)
        let moved = SellerContacts(address: "Neuer Weg 5", order: 3, phone: "+49 40 9999")
        try database.write { try $0.insert(SellerContactRecord(moved)) }
        XCTAssertEqual(
            try events.take(2).toBlocking(timeout: 10).toArray().map(\.element), [sortedSellerContacts, sortedSellerContacts + [moved]])
        try database.write { try $0.delete(SellerContactRecord.self, id: moved.order) }

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

    func testTheViewModelIsTheRepositoryStream() throws {
        updater.error = AppError.unknown
        let viewModel = ContactsViewModel(repository: repository)

        let events = try viewModel.contacts().take(2).toBlocking(timeout: 10).toArray()

        XCTAssertTrue(updater.isSync)
        XCTAssertEqual(events.compactMap(\.element), [sortedSellerContacts])
        XCTAssertEqual(events.compactMap { $0.error as? AppError }, [.unknown])
    }
}

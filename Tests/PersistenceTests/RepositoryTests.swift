import Foundation
import Persistence
import PersistenceInterface
import Reactive
import XCTest

/// How a feature uses the module (the tutorial's repository and updater): its code sees only
/// `PersistenceInterface`; the test injects an in-memory database.
private final class SellerContactsRepository {
    private let database: any Database

    init(database: any Database) {
        self.database = database
    }

    /// The tutorial's `context.rx.entities(fetchRequest: SellerContacts.fetchRequestWithSort())`.
    func sellerContacts() -> Observable<[SellerContact]> {
        database.observe(SellerContact.order(Column("order").asc))
    }

    /// The tutorial's `DatabaseUpdater.update()`: replaces the stored contacts in one transaction.
    func replaceContacts(with contacts: [SellerContact]) throws {
        try database.write { db in
            try db.deleteAll(SellerContact.self)
            for contact in contacts { try db.insert(contact) }
        }
    }

    /// The schema the feature contributes to the app's migration list.
    static let migrations = [TestSchema.sellerContacts]
}

final class RepositoryTests: XCTestCase {
    func testAFeatureRepositoryWorksAgainstTheInterfaceWithAnInjectedInMemoryDatabase() throws {
        let database: any Database = try SQLiteDatabase.inMemory(migrations: SellerContactsRepository.migrations)
        let repository = SellerContactsRepository(database: database)
        let contacts = Recorder<[SellerContact]>()
        let saves = Recorder<DatabaseChanges>()
        let bag = DisposeBag()
        contacts.record(repository.sellerContacts()).disposed(by: bag)
        saves.record(database.didSave).disposed(by: bag)
        XCTAssertEqual(contacts.waitForValues(1), [[]])

        let remote = [
            SellerContact(address: "Hauptstraße 2", order: 2, phone: nil),
            SellerContact(address: "Marktplatz 1", order: 1, phone: "+49 30 1234"),
        ]
        try repository.replaceContacts(with: remote)
        // The tutorial's testSync: the save is observed (synchronously, before `write` returned).
        XCTAssertEqual(saves.values, [DatabaseChanges(tables: ["sellerContacts": .init(inserted: 2)])])
        // The single source of truth: the view's stream re-emits what the database now holds, sorted.
        XCTAssertEqual(contacts.waitForValues(2).last?.map(\.order), [1, 2])
        XCTAssertEqual(contacts.values.last?.first?.phone, "+49 30 1234")

        try repository.replaceContacts(with: [SellerContact(address: nil, order: 5, phone: "0")])
        XCTAssertEqual(saves.values.last, DatabaseChanges(tables: ["sellerContacts": .init(inserted: 1, deleted: 2)]))
        XCTAssertEqual(contacts.waitForValues(3).last, [SellerContact(address: nil, order: 5, phone: "0")])
    }
}

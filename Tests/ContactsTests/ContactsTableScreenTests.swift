import ContactsInterface
import ContactsTestSupport
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import TestSupport
import XCTest

@testable import Contacts

/// The screen's table screen: the stored contacts, now and after every change to them, and each
/// failure of keeping them in step with remote config, in the words of what failed.
final class ContactsTableScreenTests: XCTestCase {
    func testAValueThatDoesNotDecodeIsAFailureInTheDecodersWordsAndTheStoredContactsStillArrive() throws {
        let database = try makeDatabase(holding: sellerContacts)
        let remoteConfig = FakeRemoteConfig.answeredByHand(values: [SellerContactRecord.key: remoteValue("not json")])
        remoteConfig.answerFetchAndActivate(.successFetchedFromRemote)

        let events = try contactsEvents(remoteConfig, database).take(2).toBlocking(timeout: 10).toArray()

        XCTAssertTrue(remoteConfig.isFetchAndActivate)
        XCTAssertEqual(events.compactMap(\.element), [sortedSellerContacts])
        // The error behind the table's: the alert says what the decoding said.
        XCTAssertEqual(
            events.compactMap { $0.error as? Sentence }, [Sentence(text: SellerContactsDecodingError.malformedJSON.localizedDescription)])
        XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts)
    }

    func testAFailedFetchIsAFailureInRemoteConfigsWordsAndTheStoredContactsStillArrive() throws {
        let database = try makeDatabase(holding: sellerContacts)
        let remoteConfig = FakeRemoteConfig.answeredByHand(values: [
            SellerContactRecord.key: remoteValue(RemoteConfigSample.sellerContacts)
        ])
        remoteConfig.answerFetchAndActivate(.error, RemoteConfigError.timedOut)

        let events = try contactsEvents(remoteConfig, database).take(2).toBlocking(timeout: 10).toArray()

        XCTAssertEqual(events.compactMap(\.element), [sortedSellerContacts])
        XCTAssertEqual(events.compactMap { $0.error as? Sentence }, [Sentence(text: RemoteConfigError.timedOut.localizedDescription)])
        XCTAssertFalse(remoteConfig.isSubscript, "a failed fetch reads no value")
        XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts)
    }

    func testTheStreamFollowsEveryWriterAndSkipsWritesThatChangeNothing() throws {
        let database = try makeDatabase(holding: sellerContacts)
        // A fetch that never ends: the sync stores nothing, so every write below is another writer's.
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        let contacts = contactsEvents(remoteConfig, database).compactMap(\.element)
        let changed = SellerContact(address: "Neuer Weg 5", order: 0, phone: "+49 40 9999")
        let values = contacts.take(3).toArray().asObservable()
        let recorded = ReplaySubject<[[SellerContact]]>.createUnbounded()
        let subscription = values.subscribe(recorded)
        defer { subscription.dispose() }
        let saves = SaveRecorder(database)

        // The same rows written again: a commit, but no new element.
        try database.write { db in
            try db.deleteAll(SellerContactRecord.self)
            for contact in sellerContacts { try db.insert(SellerContactRecord(contact)) }
        }
        try database.write { try $0.update(SellerContactRecord(changed)) }
        try database.write { try $0.deleteAll(SellerContactRecord.self) }

        let elements = try recorded.toBlocking(timeout: 10).first()
        XCTAssertEqual(elements, [sortedSellerContacts, [changed] + sortedSellerContacts.dropFirst(), []])
        XCTAssertEqual(try saves.savesAfterPendingWrites().count, 3)
        XCTAssertEqual(remoteConfig.fetchAndActivateCallCount, 1)
    }
}

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

/// Templates published after the screen opened (remote config's real-time updates) reach the
/// database, and from there the view model's stream.
final class PublishedContactsTests: XCTestCase {
    private let jeju = SellerContact(address: "제주특별자치도 제주시 1", order: 0, phone: "+82 64-000-0000")
    private let jejuJSON = #"[{"address": "제주특별자치도 제주시 1", "order": 0, "phone": "+82 64-000-0000"}]"#
    private let bag = DisposeBag()

    func testAPublishedTemplateIsStoredAndABadOneIsAnErrorThatKeepsTheContacts() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        let remoteConfig = FakeRemoteConfig.sample()
        let events = ReplaySubject<Event<[SellerContact]>>.createUnbounded()
        let subscription = contactsEvents(remoteConfig, database).subscribe(events)
        defer { subscription.dispose() }
        XCTAssertEqual(try events.compactMap(\.element).filter { $0 == sampleContacts }.toBlocking(timeout: 10).first(), sampleContacts)

        remoteConfig.publish([SellerContactRecord.key: jejuJSON])
        XCTAssertEqual(try events.compactMap(\.element).filter { $0 == [self.jeju] }.toBlocking(timeout: 10).first(), [jeju])
        XCTAssertEqual(try storedContacts(in: database), [jeju])

        remoteConfig.publish([SellerContactRecord.key: "not JSON"])
        let failure = try events.compactMap(\.error).toBlocking(timeout: 10).first()
        XCTAssertEqual(failure as? Sentence, Sentence(text: SellerContactsDecodingError.malformedJSON.localizedDescription))
        XCTAssertEqual(try storedContacts(in: database), [jeju], "the stored contacts stay")
    }

    func testRefusedContactsAreOneErrorHoweverManyScreensAndRunsMeetThem() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        let remoteConfig = FakeRemoteConfig(serverValues: [SellerContactRecord.key: jejuJSON])
        remoteConfig.configSettings.minimumFetchInterval = 0
        func screen() -> ReplaySubject<Event<[SellerContact]>> {
            let events = ReplaySubject<Event<[SellerContact]>>.createUnbounded()
            contactsEvents(remoteConfig, database).subscribe(events)
                .disposed(by: bag)
            return events
        }
        XCTAssertEqual(try screen().compactMap(\.element).filter { $0 == [self.jeju] }.toBlocking(timeout: 10).first(), [jeju])
        remoteConfig.serverValues = [SellerContactRecord.key: "not JSON"]

        let first = screen()
        XCTAssertEqual(
            try first.compactMap(\.error).toBlocking(timeout: 10).first() as? Sentence,
            Sentence(text: SellerContactsDecodingError.malformedJSON.localizedDescription))

        // The next screen, of this run or the next one (new tables), meets the same value: the
        // stored contacts, and no error.
        let second = screen()
        // Another writer's change, delivered after whatever the second screen's sync (queued first) reports.
        let other = SellerContact(address: "강원특별자치도 춘천시 2", order: 0, phone: "+82 33-000-0000")
        try database.write { try SellerContactRecord.replace(with: [other], in: $0) }
        XCTAssertEqual(try second.compactMap(\.element).filter { $0 == [other] }.toBlocking(timeout: 10).first(), [other])
        second.onCompleted()
        let events = try second.toBlocking(timeout: 10).toArray()
        XCTAssertEqual(events.compactMap(\.error).count, 0, "\(events)")
        XCTAssertEqual(events.first?.element, [jeju])
    }

    func testAnUpdateOfOtherKeysStoresNothingAndRealTimeUpdatesEndingIsOneError() throws {
        let database = try makeDatabase(holding: sellerContacts)
        // The sync's fetch waits for the test; activations answer at once.
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        remoteConfig.answerActivate(true)
        let saves = SaveRecorder(database)
        let events = ReplaySubject<Event<[SellerContact]>>.createUnbounded()
        let subscription = contactsEvents(remoteConfig, database).subscribe(events)
        defer { subscription.dispose() }

        remoteConfig.sendRealtimeUpdate(RemoteConfigUpdate(updatedKeys: ["menu"]))
        remoteConfig.failRealtimeUpdates(.realtimeDisabled)
        // A later failure, which must come after every element the two above bring.
        remoteConfig.completionHandler?(.error, RemoteConfigError.timedOut)

        let errors = try events.compactMap(\.error).take(2).toBlocking(timeout: 10).toArray()
        XCTAssertEqual(
            errors.map { $0 as? Sentence },
            [RemoteConfigError.realtimeDisabled, .timedOut].map { Sentence(text: $0.localizedDescription) },
            "real-time updates ending is one error")
        XCTAssertEqual(remoteConfig.activateCallCount, 1, "the update was activated")
        XCTAssertFalse(remoteConfig.isSubscript, "a value it does not follow is not even read")
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [])
        XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts)
    }
}

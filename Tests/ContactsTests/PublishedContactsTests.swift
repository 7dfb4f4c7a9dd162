import Contacts
import ContactsInterface
import Dispatch
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import XCTest

/// Templates published after the screen opened (remote config's real-time updates) reach the
/// database, and from there the screen's stream.
final class PublishedContactsTests: XCTestCase {
    private let jeju = SellerContacts(address: "제주특별자치도 제주시 1", order: 0, phone: "+82 64-000-0000")
    private let jejuJSON = #"[{"address": "제주특별자치도 제주시 1", "order": 0, "phone": "+82 64-000-0000"}]"#

    func testAPublishedTemplateIsStoredAndABadOneIsAnErrorThatKeepsTheContacts() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        let remoteConfig = FakeRemoteConfig.sample()
        let events = ReplaySubject<Event<[SellerContacts]>>.createUnbounded()
        let subscription = ContactsFeature.makeViewModel(database: database, remoteConfig: remoteConfig).contacts().subscribe(events)
        defer { subscription.dispose() }
        XCTAssertEqual(try events.compactMap(\.element).filter { $0 == sampleContacts }.toBlocking(timeout: 10).first(), sampleContacts)

        remoteConfig.publish([DatabaseUpdaterImpl.sellerContactsKey: jejuJSON])
        XCTAssertEqual(try events.compactMap(\.element).filter { $0 == [self.jeju] }.toBlocking(timeout: 10).first(), [jeju])

        remoteConfig.publish([DatabaseUpdaterImpl.sellerContactsKey: "not JSON"])
        let failure = try events.compactMap(\.error).toBlocking(timeout: 10).first()
        XCTAssertNotNil(failure as? SellerContactsDecodingError, "\(String(describing: failure))")
        XCTAssertEqual(try storedContacts(in: database), [jeju], "the stored contacts stay")
    }

    func testAnUpdateOfOtherKeysStoresNothingAndRealTimeUpdatesEndingIsOneError() throws {
        let database = try makeDatabase(holding: sellerContacts)
        let remoteConfig = RemoteConfigMock()
        let updater = DatabaseUpdaterImpl(
            remoteConfig: remoteConfig, database: database,
            fetchLimiter: FetchLimiter(serialQueue: DispatchQueue(label: "test")), storesActiveContactsAfterEveryFetch: true)
        let saves = SaveRecorder(database)
        let events = ReplaySubject<Event<Void>>.createUnbounded()
        let subscription = updater.followUpdates().subscribe(events)
        defer { subscription.dispose() }

        remoteConfig.sendRealtimeUpdate(RemoteConfigUpdate(updatedKeys: ["menu"]))
        XCTAssertFalse(remoteConfig.isSubscript, "a value it does not follow is not even read")
        remoteConfig.failRealtimeUpdates(.realtimeDisabled)
        let ended = try events.materialize().toBlocking(timeout: 10).toArray()
        XCTAssertEqual(ended.count, 2)
        XCTAssertEqual(ended.first?.element?.error as? RemoteConfigError, .realtimeDisabled)
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [])
    }
}

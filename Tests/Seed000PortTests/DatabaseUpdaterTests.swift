import ContactsInterface
import ContactsTestSupport
import Dispatch
import Foundation
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import TestSupport
import XCTest

@testable import Contacts

/// The tutorial's `testSync`, and the rest of `DatabaseUpdaterImpl`'s rule: one sync at a time, only
/// a fetch that brought new values writes, and a failure is an error event that changes nothing.
final class DatabaseUpdaterTests: XCTestCase {
    private var database: SQLiteDatabase!
    private let disposeBag = DisposeBag()

    override func setUpWithError() throws {
        database = try makeDatabase()
    }

    override func tearDown() {
        database = nil
    }

    func testSync() throws {
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        let fetchLimiter = FetchLimiter(serialQueue: DispatchQueue(label: "test"))
        let decoder = JSONDecoderMock(contacts: sellerContacts)
        let databaseUpdater = DatabaseUpdaterImpl(
            remoteConfig: remoteConfig, decoder: decoder, database: database, fetchLimiter: fetchLimiter
        )
        let saves = SaveRecorder(database)

        // 1. Not updated: a fetch is in process. An empty sequence; remote config is not touched.
        fetchLimiter.fetchInProcess = true
        XCTAssertFalse(remoteConfig.isFetchAndActivate)
        XCTAssertFalse(remoteConfig.isSubscript)

        var sync: Observable<Event<Void>> = databaseUpdater.sync()
        XCTAssertNil(try sync.toBlocking(timeout: 10).first())
        XCTAssertFalse(remoteConfig.isFetchAndActivate)
        XCTAssertFalse(remoteConfig.isSubscript)
        XCTAssertTrue(fetchLimiter.fetchInProcess)
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [])

        // 2. Not updated: successUsingPreFetchedData. No event, the value is not read, the flag is cleared.
        fetchLimiter.fetchInProcess = false
        sync = databaseUpdater.sync()
        var result: Event<Void>?
        var completed = false
        sync.subscribe(onNext: { result = $0 }, onCompleted: { completed = true }).disposed(by: disposeBag)
        XCTAssertTrue(fetchLimiter.fetchInProcess)
        remoteConfig.completionHandler?(RemoteConfigFetchAndActivateStatus.successUsingPreFetchedData, nil)

        XCTAssertTrue(completed)
        XCTAssertNil(result)
        XCTAssertTrue(remoteConfig.isFetchAndActivate)
        XCTAssertFalse(remoteConfig.isSubscript)
        XCTAssertFalse(decoder.isDecode)
        XCTAssertFalse(fetchLimiter.fetchInProcess)
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [])

        // 3. Not updated: error. An error event, the value is not read, the flag is cleared.
        fetchLimiter.fetchInProcess = false
        remoteConfig.isFetchAndActivate = false
        completed = false
        sync = databaseUpdater.sync()
        sync.subscribe(onNext: { result = $0 }, onCompleted: { completed = true }).disposed(by: disposeBag)
        XCTAssertTrue(fetchLimiter.fetchInProcess)
        remoteConfig.completionHandler?(RemoteConfigFetchAndActivateStatus.error, AppError.unknown)

        XCTAssertTrue(completed)
        XCTAssertEqual(result?.error?.localizedDescription, AppError.unknown.localizedDescription)
        XCTAssertTrue(remoteConfig.isFetchAndActivate)
        XCTAssertFalse(remoteConfig.isSubscript)
        XCTAssertFalse(fetchLimiter.fetchInProcess)
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [])

        // 4. Updated: successFetchedFromRemote. The database saves (in the background), no event,
        // the value was read, the flag is cleared.
        fetchLimiter.fetchInProcess = false
        remoteConfig.isFetchAndActivate = false
        result = nil
        let didSave = saves.expectSave()
        let synced = XCTestExpectation(description: "the sync completed")
        // Events arrive on the writer queue here, so the closures capture only Sendable state.
        let events = Locked<[Event<Void>]>([])
        sync = databaseUpdater.sync()
        sync.subscribe(onNext: { event in events.withLock { $0.append(event) } }, onCompleted: { synced.fulfill() })
            .disposed(by: disposeBag)
        XCTAssertTrue(fetchLimiter.fetchInProcess)
        remoteConfig.completionHandler?(RemoteConfigFetchAndActivateStatus.successFetchedFromRemote, nil)

        waitFor(didSave, synced)
        XCTAssertEqual(events.withLock { $0.count }, 0)
        XCTAssertTrue(remoteConfig.isFetchAndActivate)
        XCTAssertTrue(remoteConfig.isSubscript)
        XCTAssertTrue(decoder.isDecode)
        XCTAssertFalse(fetchLimiter.fetchInProcess)
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [DatabaseChanges(tables: ["sellerContacts": .init(inserted: 3)])])
        XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts)
    }

    func testASuccessfulFetchReplacesTheStoredContactsInOneTransaction() throws {
        try database.write { db in
            for contact in sellerContacts { try db.insert(SellerContactRecord(contact)) }
        }
        let remoteConfig = FakeRemoteConfig.answeredByHand(values: ["seller_contacts": remoteValue(RemoteConfigSample.sellerContacts)])
        let updater = makeUpdater(remoteConfig)
        let saves = SaveRecorder(database)

        let events = try fetch(with: updater, answering: remoteConfig, .successFetchedFromRemote)

        XCTAssertTrue(events.isEmpty)
        XCTAssertEqual(try storedContacts(in: database), sampleContacts)
        // One commit: the old rows went and the new ones came together.
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [DatabaseChanges(tables: ["sellerContacts": .init(inserted: 2, deleted: 3)])])
    }

    func testAValueThatDoesNotDecodeLeavesTheStoredContactsExactlyAsTheyWere() throws {
        try database.write { db in
            for contact in sellerContacts { try db.insert(SellerContactRecord(contact)) }
        }
        let saves = SaveRecorder(database)
        for (value, expected) in undecodableSellerContacts {
            let remoteConfig = FakeRemoteConfig.answeredByHand(values: value.map { ["seller_contacts": remoteValue($0)] } ?? [:])
            let updater = makeUpdater(remoteConfig)

            let events = try fetch(with: updater, answering: remoteConfig, .successFetchedFromRemote)

            XCTAssertEqual(events.count, 1, "\(value ?? "nil")")
            XCTAssertEqual(events.first?.error as? SellerContactsDecodingError, expected, "\(value ?? "nil")")
            XCTAssertTrue(remoteConfig.isSubscript)
            XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts, "\(value ?? "nil")")
        }
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [])
    }

    func testAFailedWriteIsAnErrorEventAndClearsTheFlag() throws {
        let database = try SQLiteDatabase.inMemory()  // no contacts table
        let remoteConfig = FakeRemoteConfig.answeredByHand(values: ["seller_contacts": remoteValue(RemoteConfigSample.sellerContacts)])
        let fetchLimiter = FetchLimiter(serialQueue: DispatchQueue(label: "test"))
        let updater = DatabaseUpdaterImpl(remoteConfig: remoteConfig, database: database, fetchLimiter: fetchLimiter)

        let events = try fetch(with: updater, answering: remoteConfig, .successFetchedFromRemote)

        XCTAssertEqual(events.count, 1)
        XCTAssertTrue(events.first?.error is PersistenceError)
        XCTAssertFalse(fetchLimiter.fetchInProcess)
    }

    func testAnErrorStatusWithoutAnErrorIsAppErrorUnknown() throws {
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        let events = try fetch(with: makeUpdater(remoteConfig), answering: remoteConfig, .error)
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.error as? AppError, .unknown)
    }

    func testAHundredConcurrentSyncsFetchOnce() throws {
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        let fetchLimiter = FetchLimiter(serialQueue: DispatchQueue(label: "test"))
        let updater = DatabaseUpdaterImpl(remoteConfig: remoteConfig, database: database, fetchLimiter: fetchLimiter)
        let completed = Locked(0)
        let subscriptions = CompositeDisposable()
        defer { subscriptions.dispose() }

        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            let sync: Observable<Event<Void>> = updater.sync()
            _ = subscriptions.insert(sync.subscribe(onCompleted: { completed.withLock { $0 += 1 } }))
        }

        // One sync fetches and waits for remote config; the other 99 found it in process and ended.
        XCTAssertEqual(remoteConfig.fetchAndActivateCallCount, 1)
        XCTAssertEqual(completed.withLock { $0 }, 99)
        XCTAssertTrue(fetchLimiter.fetchInProcess)

        remoteConfig.completionHandler?(.successUsingPreFetchedData, nil)
        XCTAssertEqual(completed.withLock { $0 }, 100)
        XCTAssertFalse(fetchLimiter.fetchInProcess)

        // With the fetch over, the next sync fetches again.
        _ = subscriptions.insert((updater.sync() as Observable<Event<Void>>).subscribe())
        XCTAssertEqual(remoteConfig.fetchAndActivateCallCount, 2)
    }

    func testASyncDisposedBeforeRemoteConfigAnswersUnblocksTheNextOne() {
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        let fetchLimiter = FetchLimiter(serialQueue: DispatchQueue(label: "test"))
        let updater = DatabaseUpdaterImpl(remoteConfig: remoteConfig, database: database, fetchLimiter: fetchLimiter)

        let abandoned = (updater.sync() as Observable<Event<Void>>).subscribe()
        let lateAnswer = remoteConfig.completionHandler
        XCTAssertTrue(fetchLimiter.fetchInProcess)
        abandoned.dispose()
        XCTAssertFalse(fetchLimiter.fetchInProcess)

        let next = (updater.sync() as Observable<Event<Void>>).subscribe()
        defer { next.dispose() }
        XCTAssertEqual(remoteConfig.fetchAndActivateCallCount, 2)
        // The abandoned fetch's late answer goes nowhere and leaves the running sync's flag alone.
        lateAnswer?(.error, nil)
        XCTAssertTrue(fetchLimiter.fetchInProcess)
    }

    func testBuildingASyncWithoutSubscribingTakesNothing() {
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        let fetchLimiter = FetchLimiter(serialQueue: DispatchQueue(label: "test"))
        let updater = DatabaseUpdaterImpl(remoteConfig: remoteConfig, database: database, fetchLimiter: fetchLimiter)

        let _: Observable<Event<Void>> = updater.sync()

        XCTAssertFalse(fetchLimiter.fetchInProcess)
        XCTAssertFalse(remoteConfig.isFetchAndActivate)
    }

    // MARK: Helpers

    private func makeUpdater(_ remoteConfig: any RemoteConfigProtocol) -> DatabaseUpdaterImpl {
        DatabaseUpdaterImpl(
            remoteConfig: remoteConfig, database: database,
            fetchLimiter: FetchLimiter(serialQueue: DispatchQueue(label: "test"))
        )
    }

    /// Runs one sync that `remoteConfig` answers with `status`, and returns its events once it ended.
    private func fetch(
        with updater: DatabaseUpdaterImpl, answering remoteConfig: FakeRemoteConfig,
        _ status: RemoteConfigFetchAndActivateStatus
    ) throws -> [Event<Void>] {
        // A write ends the sync on the writer queue, so the closures capture only Sendable state.
        let events = Locked<[Event<Void>]>([])
        let ended = XCTestExpectation(description: "the sync ended")
        let sync: Observable<Event<Void>> = updater.sync()
        let subscription = sync.subscribe(
            onNext: { event in events.withLock { $0.append(event) } },
            onError: { _ in XCTFail("a sync never fails; it emits error events") },
            onCompleted: { ended.fulfill() }
        )
        defer { subscription.dispose() }
        remoteConfig.completionHandler?(status, nil)
        waitFor(ended)
        return events.withLock { $0 }
    }
}

import Foundation
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import XCTest

/// The seed's `testSync`, step by step, against `RemoteConfigMock`.
final class RemoteConfigMockTests: XCTestCase {
    private let contacts = [
        SellerContact(address: "서울특별시 종로구 세종대로 175", order: 0, phone: "+82 2-1234-5678"),
        SellerContact(address: "부산광역시 해운대구 해운대해변로 264", order: 1, phone: "+82 51-987-6543"),
    ]

    func testSync() throws {
        let remoteConfig = RemoteConfigMock(values: [
            "seller_contacts": RemoteConfigValue(data: try JSONEncoder().encode(contacts), source: .remote),
        ])
        let fetchLimiter = FetchLimiter()
        let store = ContactStore()
        let databaseUpdater = DatabaseUpdater(remoteConfig: remoteConfig, store: store, fetchLimiter: fetchLimiter)
        let disposeBag = DisposeBag()
        let result = Locked<Event<Void>?>(nil)

        // 1. Not updated: a fetch is in process
        fetchLimiter.fetchInProcess = true
        XCTAssertFalse(remoteConfig.isFetchAndActivate)
        XCTAssertFalse(remoteConfig.isSubscript)

        var sync: Observable<Event<Void>> = databaseUpdater.sync()
        XCTAssertNil(try sync.toBlocking(timeout: 1).first())
        XCTAssertFalse(remoteConfig.isFetchAndActivate)
        XCTAssertFalse(remoteConfig.isSubscript)
        XCTAssertTrue(fetchLimiter.fetchInProcess)
        XCTAssertEqual(store.saveCount, 0)

        // 2. Not updated: successUsingPreFetchedData
        fetchLimiter.fetchInProcess = false

        sync = databaseUpdater.sync()
        sync.subscribe(onNext: { event in result.withLock { $0 = event } }).disposed(by: disposeBag)
        XCTAssertTrue(fetchLimiter.fetchInProcess)
        remoteConfig.completionHandler?(RemoteConfigFetchAndActivateStatus.successUsingPreFetchedData, nil)

        XCTAssertEqual(store.saveCount, 0)
        XCTAssertNil(result.withLock { $0 })
        XCTAssertTrue(remoteConfig.isFetchAndActivate)
        XCTAssertFalse(remoteConfig.isSubscript)
        XCTAssertFalse(fetchLimiter.fetchInProcess)

        // 3. Not updated: error
        fetchLimiter.fetchInProcess = false
        remoteConfig.isFetchAndActivate = false

        sync = databaseUpdater.sync()
        sync.subscribe(onNext: { event in result.withLock { $0 = event } }).disposed(by: disposeBag)
        XCTAssertTrue(fetchLimiter.fetchInProcess)
        remoteConfig.completionHandler?(RemoteConfigFetchAndActivateStatus.error, AppError.unknown)

        XCTAssertEqual(store.saveCount, 0)
        XCTAssertEqual(result.withLock { $0 }?.error?.localizedDescription, AppError.unknown.localizedDescription)
        XCTAssertTrue(remoteConfig.isFetchAndActivate)
        XCTAssertFalse(remoteConfig.isSubscript)
        XCTAssertFalse(fetchLimiter.fetchInProcess)

        // 4. Updated: successFetchedFromRemote
        fetchLimiter.fetchInProcess = false
        remoteConfig.isFetchAndActivate = false
        result.withLock { $0 = nil }

        sync = databaseUpdater.sync()
        sync.subscribe(onNext: { event in result.withLock { $0 = event } }).disposed(by: disposeBag)
        XCTAssertTrue(fetchLimiter.fetchInProcess)
        remoteConfig.completionHandler?(RemoteConfigFetchAndActivateStatus.successFetchedFromRemote, nil)

        XCTAssertEqual(store.saveCount, 1)
        XCTAssertEqual(store.contacts, contacts)
        XCTAssertNil(result.withLock { $0 })
        XCTAssertTrue(remoteConfig.isFetchAndActivate)
        XCTAssertTrue(remoteConfig.isSubscript)
        XCTAssertFalse(fetchLimiter.fetchInProcess)
    }

    func testNothingHappensUntilTheTestFiresTheHandler() {
        let remoteConfig = RemoteConfigMock()
        let statuses = Locked<[RemoteConfigFetchAndActivateStatus]>([])

        XCTAssertNil(remoteConfig.completionHandler)
        remoteConfig.fetchAndActivate { status, _ in statuses.withLock { $0.append(status) } }

        XCTAssertTrue(remoteConfig.isFetchAndActivate)
        XCTAssertNotNil(remoteConfig.completionHandler)
        XCTAssertEqual(statuses.withLock { $0 }, [])
        remoteConfig.completionHandler?(.successFetchedFromRemote, nil)
        XCTAssertEqual(statuses.withLock { $0 }, [.successFetchedFromRemote])
    }

    func testTheHandlerCanBeFiredFromAnotherThread() throws {
        let remoteConfig = RemoteConfigMock()
        let fired = expectation(description: "handler fired")
        // `rx.fetchAndActivate()` subscribes on this thread; the result comes from a background queue,
        // as a real fetch's would.
        let result = Locked<RemoteConfigFetchAndActivateStatus?>(nil)
        let subscription = (remoteConfig as any RemoteConfigProtocol).rx.fetchAndActivate()
            .subscribe(onNext: { status, _ in
                result.withLock { $0 = status }
                fired.fulfill()
            })
        defer { subscription.dispose() }

        DispatchQueue.global().async { remoteConfig.completionHandler?(.successUsingPreFetchedData, nil) }
        wait(for: [fired], timeout: 5)

        XCTAssertEqual(result.withLock { $0 }, .successUsingPreFetchedData)
    }

    func testReadsAreRecordedAndAnsweredFromValuesThenDefaults() {
        let remoteConfig = RemoteConfigMock(values: ["menu": RemoteConfigValue(string: "[]", source: .remote)])
        remoteConfig.setDefaults(["welcome_message": "안녕하세요"])

        XCTAssertFalse(remoteConfig.isSubscript)
        XCTAssertEqual(remoteConfig["menu"], RemoteConfigValue(string: "[]", source: .remote))
        XCTAssertTrue(remoteConfig.isSubscript)

        remoteConfig.isSubscript = false
        XCTAssertEqual(remoteConfig.configValue(forKey: "welcome_message"), RemoteConfigValue(string: "안녕하세요", source: .default))
        XCTAssertTrue(remoteConfig.isSubscript)
        XCTAssertEqual(remoteConfig["missing"], .empty)
        XCTAssertEqual(remoteConfig.configValue(forKey: "menu", source: .default), .empty)
        XCTAssertEqual(remoteConfig.allKeys(from: .remote), ["menu"])
        XCTAssertEqual(remoteConfig.allKeys(from: .default), ["welcome_message"])
        XCTAssertEqual(remoteConfig.defaultValue(forKey: "welcome_message")?.stringValue, "안녕하세요")
        XCTAssertEqual(remoteConfig.defaults, ["welcome_message": "안녕하세요"])
    }

    func testFetchAndActivateStepsAreRecordedSeparately() {
        let remoteConfig = RemoteConfigMock()
        remoteConfig.configSettings = RemoteConfigSettings(minimumFetchInterval: 30)
        let results = Locked<[String]>([])

        remoteConfig.fetch { status, _ in results.withLock { $0.append("fetch \(status.rawValue)") } }
        remoteConfig.activate { changed, _ in results.withLock { $0.append("activate \(changed)") } }

        XCTAssertTrue(remoteConfig.isFetch)
        XCTAssertTrue(remoteConfig.isActivate)
        XCTAssertFalse(remoteConfig.isFetchAndActivate)
        XCTAssertEqual(remoteConfig.lastFetchExpirationDuration, 30)
        remoteConfig.fetchCompletionHandler?(.success, nil)
        remoteConfig.activateCompletion?(true, nil)
        XCTAssertEqual(results.withLock { $0 }, ["fetch success", "activate true"])
    }

    func testBookkeepingAndUpdatesAreSetByTheTest() {
        let remoteConfig = RemoteConfigMock()
        let updates = Locked<[Set<String>]>([])
        let subscription = remoteConfig.configUpdates.subscribe(onNext: { update in
            updates.withLock { $0.append(update.updatedKeys) }
        })
        defer { subscription.dispose() }

        XCTAssertEqual(remoteConfig.lastFetchStatus, .noFetchYet)
        XCTAssertNil(remoteConfig.lastFetchTime)
        remoteConfig.lastFetchStatus = .success
        remoteConfig.lastFetchTime = Date(timeIntervalSince1970: 1)
        remoteConfig.sendConfigUpdate(RemoteConfigUpdate(updatedKeys: ["menu"]))

        XCTAssertEqual(remoteConfig.lastFetchStatus, .success)
        XCTAssertEqual(remoteConfig.lastFetchTime, Date(timeIntervalSince1970: 1))
        XCTAssertEqual(updates.withLock { $0 }, [["menu"]])
    }
}

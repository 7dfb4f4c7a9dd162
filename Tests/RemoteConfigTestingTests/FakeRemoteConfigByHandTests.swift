import Foundation
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import XCTest

/// `FakeRemoteConfig.answeredByHand()`, the Contacts tutorial's hand-fired mock: nothing happens
/// until the test fires a handler; calls and reads are recorded. (The tutorial's `testSync` drives
/// it through the real updater in `Seed000PortTests.DatabaseUpdaterTests`.)
final class FakeRemoteConfigByHandTests: XCTestCase {
    func testCallsAreCountedAndPresetAnswersComeAtOnce() {
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        let statuses = Locked<[RemoteConfigFetchAndActivateStatus]>([])
        remoteConfig.fetchAndActivate { status, _ in statuses.withLock { $0.append(status) } }
        XCTAssertEqual(statuses.withLock { $0 }, [], "without an answer set, the handler waits for the test")

        remoteConfig.answerFetchAndActivate(.successUsingPreFetchedData)
        remoteConfig.fetchAndActivate { status, _ in statuses.withLock { $0.append(status) } }
        remoteConfig.fetchAndActivate { status, _ in statuses.withLock { $0.append(status) } }
        XCTAssertEqual(statuses.withLock { $0 }, [.successUsingPreFetchedData, .successUsingPreFetchedData])
        XCTAssertEqual(remoteConfig.fetchAndActivateCallCount, 3)

        let fetched = Locked<[RemoteConfigFetchStatus]>([])
        remoteConfig.answerFetch(.failure, RemoteConfigError.timedOut)
        remoteConfig.fetch(withExpirationDuration: 0) { status, _ in fetched.withLock { $0.append(status) } }
        remoteConfig.fetch(withExpirationDuration: 3600) { status, _ in fetched.withLock { $0.append(status) } }
        XCTAssertEqual(fetched.withLock { $0 }, [.failure, .failure])
        XCTAssertEqual(remoteConfig.fetchExpirationDurations, [0, 3600])

        let activated = Locked<[Bool]>([])
        remoteConfig.answerActivate(true)
        remoteConfig.activate { changed, _ in activated.withLock { $0.append(changed) } }
        XCTAssertEqual(activated.withLock { $0 }, [true])
        XCTAssertEqual(remoteConfig.activateCallCount, 1)

        _ = remoteConfig["menu"]
        _ = remoteConfig.configValue(forKey: "menu", source: .default)
        XCTAssertEqual(remoteConfig.valueReadCount, 2)
    }

    func testNothingHappensUntilTheTestFiresTheHandler() {
        let remoteConfig = FakeRemoteConfig.answeredByHand()
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
        let remoteConfig = FakeRemoteConfig.answeredByHand()
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
        let remoteConfig = FakeRemoteConfig.answeredByHand(values: ["menu": RemoteConfigValue(string: "[]", source: .remote)])
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
        let remoteConfig = FakeRemoteConfig.answeredByHand()
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
        let remoteConfig = FakeRemoteConfig.answeredByHand()
        let updates = Locked<[Set<String>]>([])
        let subscription = remoteConfig.activations.subscribe(onNext: { update in
            updates.withLock { $0.append(update.updatedKeys) }
        })
        defer { subscription.dispose() }

        XCTAssertEqual(remoteConfig.lastFetchStatus, .noFetchYet)
        XCTAssertNil(remoteConfig.lastFetchTime)
        remoteConfig.lastFetchStatus = .success
        remoteConfig.lastFetchTime = Date(timeIntervalSince1970: 1)
        remoteConfig.sendActivation(RemoteConfigUpdate(updatedKeys: ["menu"]))

        XCTAssertEqual(remoteConfig.lastFetchStatus, .success)
        XCTAssertEqual(remoteConfig.lastFetchTime, Date(timeIntervalSince1970: 1))
        XCTAssertEqual(updates.withLock { $0 }, [["menu"]])
    }
}

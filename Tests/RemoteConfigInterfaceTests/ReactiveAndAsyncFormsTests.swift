import Foundation
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import XCTest

private enum TestError: Error, Equatable {
    case offline
}

/// The `.rx` namespace and the `async` forms that every conformance gets from the interface.
final class ReactiveAndAsyncFormsTests: XCTestCase {
    func testRxFetchAndActivateEmitsTheHandlersPairOnceThenCompletes() {
        let stub = FakeRemoteConfig.answeredByHand()
        let remoteConfig: any RemoteConfigProtocol = stub
        let events = Locked<[String]>([])

        let subscription = remoteConfig.rx.fetchAndActivate().subscribe(
            onNext: { status, error in events.withLock { $0.append("\(status.rawValue) \(error == nil)") } },
            onError: { _ in events.withLock { $0.append("error") } },
            onCompleted: { events.withLock { $0.append("completed") } }
        )
        defer { subscription.dispose() }

        XCTAssertEqual(stub.fetchAndActivateCallCount, 1, "subscribing calls fetchAndActivate")
        XCTAssertEqual(events.withLock { $0 }, [], "nothing before the handler runs")

        stub.completionHandler?(.successFetchedFromRemote, nil)
        stub.completionHandler?(.error, TestError.offline)

        XCTAssertEqual(events.withLock { $0 }, ["successFetchedFromRemote true", "completed"], "one value, even if fired twice")
    }

    func testRxFetchAndActivateCarriesTheErrorAsAValue() throws {
        let stub = FakeRemoteConfig.answeredByHand()
        let remoteConfig: any RemoteConfigProtocol = stub
        let fired = Locked<[(RemoteConfigFetchAndActivateStatus, (any Error)?)]>([])
        let subscription = remoteConfig.rx.fetchAndActivate().subscribe(onNext: { pair in fired.withLock { $0.append(pair) } })
        defer { subscription.dispose() }

        stub.completionHandler?(.error, TestError.offline)

        let pair = try XCTUnwrap(fired.withLock { $0.first })
        XCTAssertEqual(pair.0, .error)
        XCTAssertEqual(pair.1 as? TestError, .offline)
    }

    func testRxFetchAndActivateFromAnotherThreadReachesABlockingReader() throws {
        let stub = FakeRemoteConfig.answeredByHand()
        let remoteConfig: any RemoteConfigProtocol = stub
        let subscribed = DispatchSemaphore(value: 0)
        // Fires the handler from a background thread once the blocking reader has subscribed.
        DispatchQueue.global().async {
            while stub.fetchAndActivateCallCount == 0 { subscribed.wait() }
            stub.completionHandler?(.successUsingPreFetchedData, nil)
        }

        let events = try remoteConfig.rx.fetchAndActivate()
            .do(onSubscribed: { subscribed.signal() })
            .toBlocking(timeout: 10).toArray()

        XCTAssertEqual(events.map(\.0), [.successUsingPreFetchedData])
    }

    func testDisposingBeforeTheHandlerRunsDeliversNothing() {
        let stub = FakeRemoteConfig.answeredByHand()
        let remoteConfig: any RemoteConfigProtocol = stub
        let events = Locked(0)

        remoteConfig.rx.fetchAndActivate()
            .subscribe(onNext: { _ in events.withLock { $0 += 1 } }, onCompleted: { events.withLock { $0 += 1 } })
            .dispose()
        stub.completionHandler?(.successFetchedFromRemote, nil)

        XCTAssertEqual(events.withLock { $0 }, 0)
    }

    func testEachSubscriptionCallsAgain() {
        let stub = FakeRemoteConfig.answeredByHand()
        let fetch = (stub as any RemoteConfigProtocol).rx.fetchAndActivate()

        _ = fetch.subscribe()
        _ = fetch.subscribe()

        XCTAssertEqual(stub.fetchAndActivateCallCount, 2)
    }

    func testRxFetchUsesTheSettingsIntervalUnlessGiven() {
        let stub = FakeRemoteConfig.answeredByHand()
        let remoteConfig: any RemoteConfigProtocol = stub
        remoteConfig.configSettings.minimumFetchInterval = 300
        let statuses = Locked<[RemoteConfigFetchStatus]>([])

        _ = remoteConfig.rx.fetch().subscribe(onNext: { status, _ in statuses.withLock { $0.append(status) } })
        stub.fetchCompletionHandler?(.success, nil)
        _ = remoteConfig.rx.fetch(withExpirationDuration: 0).subscribe()

        XCTAssertEqual(stub.fetchExpirationDurations, [300, 0])
        XCTAssertEqual(statuses.withLock { $0 }, [.success])
    }

    func testRxActivateAndUpdates() {
        let stub = FakeRemoteConfig.answeredByHand()
        let remoteConfig: any RemoteConfigProtocol = stub
        let changes = Locked<[Bool]>([])
        let updates = Locked<[Set<String>]>([])

        _ = remoteConfig.rx.activate().subscribe(onNext: { changed, _ in changes.withLock { $0.append(changed) } })
        let subscription = remoteConfig.rx.activations.subscribe(onNext: { update in
            updates.withLock { $0.append(update.updatedKeys) }
        })
        defer { subscription.dispose() }
        stub.activateCompletion?(true, nil)
        stub.sendActivation(RemoteConfigUpdate(updatedKeys: ["menu"]))

        XCTAssertEqual(changes.withLock { $0 }, [true])
        XCTAssertEqual(updates.withLock { $0 }, [["menu"]])
    }

    func testSubscriptAndFetchDefaultsGoThroughTheRequirements() {
        let stub = FakeRemoteConfig.answeredByHand()
        stub.values = ["menu": RemoteConfigValue(string: "[]", source: .remote)]
        stub.configSettings.minimumFetchInterval = 42

        XCTAssertEqual(stub["menu"], RemoteConfigValue(string: "[]", source: .remote))
        XCTAssertEqual(stub.valueReadCount, 1)
        stub.fetch(completionHandler: nil)
        XCTAssertEqual(stub.fetchExpirationDurations, [42])
    }

    func testAsyncFetchAndActivateReturnsTheStatus() async throws {
        let stub = FakeRemoteConfig.answeredByHand()
        stub.answerFetchAndActivate(.successUsingPreFetchedData)

        let status = try await stub.fetchAndActivate()

        XCTAssertEqual(status, .successUsingPreFetchedData)
    }

    func testAsyncFetchAndActivateThrowsTheErrorOfAnErrorStatus() async {
        let stub = FakeRemoteConfig.answeredByHand()
        stub.answerFetchAndActivate(.error, TestError.offline)

        do {
            _ = try await stub.fetchAndActivate()
            XCTFail("an .error status throws")
        } catch {
            XCTAssertEqual(error as? TestError, .offline)
        }
    }

    func testAsyncFetchAndActivateThrowsUnknownForAnErrorStatusWithoutAnError() async {
        let stub = FakeRemoteConfig.answeredByHand()
        stub.answerFetchAndActivate(.error)

        do {
            _ = try await stub.fetchAndActivate()
            XCTFail("an .error status throws")
        } catch {
            XCTAssertEqual(error as? RemoteConfigError, .unknown)
        }
    }

    func testAsyncFetch() async throws {
        let stub = FakeRemoteConfig.answeredByHand()
        stub.configSettings.minimumFetchInterval = 60
        stub.answerFetch(.success)

        let forced = try await stub.fetch(withExpirationDuration: 0)
        let usual = try await stub.fetch()

        XCTAssertEqual([forced, usual], [.success, .success])
        XCTAssertEqual(stub.fetchExpirationDurations, [0, 60])

        stub.answerFetch(.throttled, TestError.offline)
        do {
            _ = try await stub.fetch()
            XCTFail("a throttled fetch throws")
        } catch {
            XCTAssertEqual(error as? TestError, .offline)
        }
    }

    func testAsyncActivate() async throws {
        let stub = FakeRemoteConfig.answeredByHand()
        stub.answerActivate(true)

        let changed = try await stub.activate()

        XCTAssertTrue(changed)
        stub.answerActivate(false, TestError.offline)
        do {
            try await stub.activate()
            XCTFail("an activation error throws")
        } catch {
            XCTAssertEqual(error as? TestError, .offline)
        }
    }
}

import Foundation
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import XCTest

private enum TestError: Error, Equatable {
    case offline
}

/// The in-memory fake follows the live client's statuses without a network.
final class FakeRemoteConfigTests: XCTestCase {
    private struct MenuItem: Decodable, Equatable {
        let id: Int
        let name: String
        let price: Int
    }

    func testSampleIsFetchedFromRemoteOnceThenUsesPreFetchedData() throws {
        let remoteConfig: any RemoteConfigProtocol = FakeRemoteConfig.sample()

        let first = try remoteConfig.rx.fetchAndActivate().toBlocking(timeout: 1).single()
        let second = try remoteConfig.rx.fetchAndActivate().toBlocking(timeout: 1).single()

        XCTAssertEqual(first.0, .successFetchedFromRemote)
        XCTAssertEqual(second.0, .successUsingPreFetchedData)
        XCTAssertEqual(try remoteConfig["menu"].decoded(asType: [MenuItem].self).map(\.name), ["떡볶이", "김밥", "라면", "튀김"])
        XCTAssertEqual(remoteConfig["free_delivery_threshold"].numberValue, 20_000)
        XCTAssertEqual(remoteConfig.allKeys(from: .remote), RemoteConfigSample.entries.keys.sorted())
    }

    func testMinimumIntervalAgainstTheInjectedClock() throws {
        let now = Locked(Date(timeIntervalSince1970: 0))
        let fake = FakeRemoteConfig(serverValues: ["a": "1"], now: { now.withLock { $0 } })
        _ = try fake.fetchAndActivate()
        fake.serverValues = ["a": "2"]

        now.withLock { $0 += 12 * 60 * 60 - 1 }
        XCTAssertEqual(try fake.fetchAndActivate(), .successUsingPreFetchedData)
        XCTAssertEqual(fake.fetchCount, 1)

        now.withLock { $0 += 1 }
        XCTAssertEqual(try fake.fetchAndActivate(), .successFetchedFromRemote)
        XCTAssertEqual(fake.fetchCount, 2)
        XCTAssertEqual(fake["a"].stringValue, "2")
        XCTAssertEqual(fake.lastFetchTime, Date(timeIntervalSince1970: 12 * 60 * 60))
    }

    func testFetchErrorLeavesTheActiveValues() {
        let fake = FakeRemoteConfig(serverValues: ["a": "new"], activeValues: ["a": "old"])
        fake.fetchError = TestError.offline
        let result = Locked<(RemoteConfigFetchAndActivateStatus, TestError?)?>(nil)

        fake.fetchAndActivate { status, error in result.withLock { $0 = (status, error as? TestError) } }

        XCTAssertEqual(result.withLock { $0?.0 }, .error)
        XCTAssertEqual(result.withLock { $0?.1 }, .offline)
        XCTAssertEqual(fake["a"], RemoteConfigValue(string: "old", source: .remote))
        XCTAssertEqual(fake.lastFetchStatus, .failure)
    }

    func testFetchThenActivateAndTheUpdatesItReports() {
        let fake = FakeRemoteConfig(serverValues: ["a": "1", "b": "2"], activeValues: ["a": "1", "c": "3"])
        fake.setDefaults(["b": "default"])
        let events = Locked<[String]>([])
        let subscription = fake.activations.subscribe(onNext: { update in
            events.withLock { $0.append("update \(update.updatedKeys.sorted())") }
        })
        defer { subscription.dispose() }

        fake.fetch(withExpirationDuration: 0) { status, _ in events.withLock { $0.append("fetch \(status.rawValue)") } }
        XCTAssertEqual(fake["b"].source, .default, "fetched values wait for activation")
        fake.activate { changed, _ in events.withLock { $0.append("activate \(changed)") } }
        fake.activate { changed, _ in events.withLock { $0.append("activate \(changed)") } }

        XCTAssertEqual(
            events.withLock { $0 },
            [
                "fetch success", "update [\"b\", \"c\"]", "activate true", "activate false",
            ])
        XCTAssertEqual(fake["b"], RemoteConfigValue(string: "2", source: .remote))
        XCTAssertEqual(fake["c"], .empty)
        XCTAssertEqual(fake.configValue(forKey: "b", source: .default).stringValue, "default")
    }

    func testSubscribersMayReadTheFakeWhileAnUpdateIsDelivered() throws {
        let fake = FakeRemoteConfig(serverValues: ["a": "1"])
        let read = Locked<String?>(nil)
        let subscription = fake.activations.subscribe(onNext: { _ in read.withLock { $0 = fake["a"].stringValue } })
        defer { subscription.dispose() }

        XCTAssertEqual(try fake.rx.fetchAndActivate().toBlocking(timeout: 1).single().0, .successFetchedFromRemote)

        XCTAssertEqual(read.withLock { $0 }, "1")
    }
}

extension FakeRemoteConfig {
    /// The synchronous fake's `fetchAndActivate` as a throwing call, for short tests.
    fileprivate func fetchAndActivate() throws -> RemoteConfigFetchAndActivateStatus {
        let result = Locked<(RemoteConfigFetchAndActivateStatus, (any Error)?)?>(nil)
        fetchAndActivate { status, error in result.withLock { $0 = (status, error) } }
        guard let (status, error) = result.withLock({ $0 }) else { throw RemoteConfigError.unknown }
        if let error { throw error }
        return status
    }
}

import Foundation
import Reactive
import ReactiveTesting
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// A client with no server: fetches answer from the stored and default values and never reach the
/// network. The local server of `ServerTestCase` is there to be the one that must not be called.
final class OfflineTests: ServerTestCase {
    private func makeOfflineClient(log: (@Sendable (String) -> Void)? = nil) throws -> LiveRemoteConfig {
        try LiveRemoteConfig(configuration: .offline(storageURL: storageURL, log: log))
    }

    func testOnAFreshMachineTheDefaultsAreActiveAndFetchingSucceedsWithThem() async throws {
        let lines = Locked<[String]>([])
        let client = try makeOfflineClient(log: { line in lines.withLock { $0.append(line) } })
        client.setDefaults(["welcome_message": "안녕하세요", "max_items": 10])

        let fetchAndActivate = await fetchAndActivateResult(client)
        let fetch = await fetchResult(client, expiration: 0)

        XCTAssertNil(client.fetchURL)
        XCTAssertEqual(fetchAndActivate.status, .successUsingPreFetchedData)
        XCTAssertNil(fetchAndActivate.error)
        XCTAssertEqual(fetch.status, .success)
        XCTAssertNil(fetch.error)
        XCTAssertEqual(client["welcome_message"], RemoteConfigValue(string: "안녕하세요", source: .default))
        XCTAssertEqual(client["max_items"].numberValue, 10)
        XCTAssertEqual(client.allKeys(from: .remote), [])
        XCTAssertEqual(client.lastFetchStatus, .noFetchYet, "nothing was fetched")
        XCTAssertNil(client.lastFetchTime)
        XCTAssertEqual(
            lines.withLock { $0 },
            [
                "remote-config: fetch: no server configured, using the stored and default values",
                "remote-config: fetch: no server configured, using the stored and default values",
            ])
    }

    func testANilBaseURLIsTheSameNoServerMode() async throws {
        let client = try LiveRemoteConfig(configuration: .init(options: .development, servers: nil, storageURL: storageURL))

        let result = await fetchAndActivateResult(client)

        XCTAssertNil(client.fetchURL)
        XCTAssertEqual(result.status, .successUsingPreFetchedData)
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 0)
    }

    func testValuesFetchedOnAnEarlierRunStayAndTheServerIsNeverCalled() async throws {
        let online = try makeClient()
        online.setDefaults(["max_items": 10])
        let first = await fetchAndActivateResult(online)
        XCTAssertEqual(first.status, .successFetchedFromRemote)
        // A new template waits on the server: reaching it would change the values and the request count.
        try await server.setTemplate(["welcome_message": "환영합니다"])
        clock.advance(by: 24 * 60 * 60)

        let client = try makeOfflineClient()
        let fetch = await fetchResult(client, expiration: 0)
        let fetchAndActivate = await fetchAndActivateResult(client)

        XCTAssertEqual(fetch.status, .success)
        XCTAssertEqual(fetchAndActivate.status, .successUsingPreFetchedData)
        XCTAssertEqual(client.remoteEntries, online.remoteEntries)
        XCTAssertEqual(client["welcome_message"], RemoteConfigValue(string: "어서 오세요!", source: .remote))
        XCTAssertEqual(client["max_items"], RemoteConfigValue(string: "10", source: .default))
        XCTAssertEqual(client.lastFetchStatus, .success, "the status of the last real fetch")
        XCTAssertEqual(client.lastFetchTime, online.lastFetchTime, "the time of the last real fetch")
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1, "only the online client's fetch reached the server")
    }

    func testATemplateFetchedButNotActivatedIsActivatedAsFirebaseDoes() async throws {
        let online = try makeClient()
        _ = await fetchResult(online, expiration: 0)
        let client = try makeOfflineClient()
        let updates = Locked<[Set<String>]>([])
        let subscription = client.activations.subscribe(onNext: { update in
            updates.withLock { $0.append(update.updatedKeys) }
        })
        defer { subscription.dispose() }

        let first = await fetchAndActivateResult(client)
        let second = await fetchAndActivateResult(client)

        XCTAssertEqual(first.status, .successFetchedFromRemote, "a template fetched from the server became active")
        XCTAssertEqual(second.status, .successUsingPreFetchedData)
        XCTAssertEqual(client.allKeys(from: .remote), sampleKeys)
        XCTAssertEqual(updates.withLock { $0 }, [Set(sampleKeys)])
        let restarted = try makeOfflineClient()
        XCTAssertEqual(restarted.allKeys(from: .remote), sampleKeys, "the activation is persisted")
    }

    func testAnExplicitFetchThenActivateWorksWithoutAServer() async throws {
        let online = try makeClient()
        _ = await fetchResult(online, expiration: 0)
        let client = try makeOfflineClient()

        let fetch = await fetchResult(client, expiration: 0)
        let activation = await activateResult(client)

        XCTAssertEqual(fetch.status, .success)
        XCTAssertTrue(activation.changed)
        XCTAssertNil(activation.error)
        XCTAssertEqual(client.allKeys(from: .remote), sampleKeys)
    }

    func testAStoredBackOffDoesNotRefuseAndIsKeptForALaterServerRun() async throws {
        try await server.script([["mode": "503"]])
        let online = try makeClient()
        _ = await fetchResult(online, expiration: 0)
        let backoff = try XCTUnwrap(online.backoffUntil)

        let client = try makeOfflineClient()
        let fetch = await fetchResult(client, expiration: 0)

        XCTAssertEqual(fetch.status, .success)
        XCTAssertEqual(client.lastFetchStatus, .failure, "the status of the last real fetch")
        XCTAssertEqual(client.backoffUntil, backoff)
        XCTAssertEqual(try makeClient().backoffUntil, backoff)
    }

    func testDefaultsSetWithoutAServerPersist() throws {
        let client = try makeOfflineClient()
        client.setDefaults(["welcome_message": "안녕하세요"])

        let restarted = try makeOfflineClient()

        XCTAssertNil(client.lastPersistenceError)
        XCTAssertEqual(restarted.defaultValue(forKey: "welcome_message"), RemoteConfigValue(string: "안녕하세요", source: .default))
        XCTAssertEqual(restarted.allKeys(from: .default), ["welcome_message"])
    }

    func testHandlersRunInCallOrder() async throws {
        let client = try makeOfflineClient()
        let order = Locked<[Int]>([])
        let done = expectation(description: "every handler")
        done.expectedFulfillmentCount = 6
        for index in 0..<6 {
            let record: @Sendable () -> Void = {
                order.withLock { $0.append(index) }
                done.fulfill()
            }
            if index.isMultiple(of: 2) {
                client.fetchAndActivate { _, _ in record() }
            } else {
                client.fetch(withExpirationDuration: 0) { _, _ in record() }
            }
        }

        await fulfillment(of: [done], timeout: 10)

        XCTAssertEqual(order.withLock { $0 }, Array(0..<6))
    }

    func testTheRxFormEmitsOnceWithoutAnError() throws {
        let remoteConfig: any RemoteConfigProtocol = try makeOfflineClient()

        let events = try remoteConfig.rx.fetchAndActivate().toBlocking(timeout: 10).toArray()

        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.0, .successUsingPreFetchedData)
        XCTAssertNil(events.first?.1)
    }

    func testTheAsyncFormsSucceed() async throws {
        let remoteConfig: any RemoteConfigProtocol = try makeOfflineClient()

        let status = try await remoteConfig.fetchAndActivate()
        let fetchStatus = try await remoteConfig.fetch()
        let changed = try await remoteConfig.activate()

        XCTAssertEqual(status, .successUsingPreFetchedData)
        XCTAssertEqual(fetchStatus, .success)
        XCTAssertFalse(changed)
    }
}

import Foundation
import Reactive
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// The statuses against the real local server: UPDATE, NO_CHANGE, 304, NO_TEMPLATE, EMPTY_CONFIG.
final class FetchStatusTests: ServerTestCase {
    func testUpdateIsActivatedAndReportedAsFetchedFromRemote() async throws {
        let client = try makeClient()
        XCTAssertEqual(client.lastFetchStatus, .noFetchYet)
        XCTAssertNil(client.lastFetchTime)

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        XCTAssertNil(result.error)
        XCTAssertEqual(client.allKeys(from: .remote), sampleKeys)
        XCTAssertEqual(client["welcome_message"], RemoteConfigValue(string: "어서 오세요!", source: .remote))
        XCTAssertEqual(client.lastFetchStatus, .success)
        XCTAssertEqual(client.lastFetchTime, clock.now)
    }

    func testRequestFollowsTheFetchProtocol() async throws {
        let client = try makeClient()

        _ = await fetchAndActivateResult(client)

        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        let request = try XCTUnwrap(requests.first)
        XCTAssertEqual(request.path, "/v1/projects/bistro-demo/namespaces/firebase:fetch")
        XCTAssertEqual(request.header("X-Goog-Api-Key"), Self.apiKey)
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertNil(request.header("If-None-Match"), "a first fetch has no ETag to send")
        let body = try XCTUnwrap(request.body)
        XCTAssertEqual(body["app_id"], "1:1234567890:ios:bistro")
        XCTAssertEqual(body["language_code"], "ko-KR")
        XCTAssertEqual(body["time_zone"], "Asia/Seoul")
        XCTAssertEqual(body["app_version"], "1.0")
        XCTAssertEqual(body["package_name"], "app.bistro")
        XCTAssertEqual(body["app_instance_id_token"], "")
        XCTAssertFalse((body["app_instance_id"] ?? nil)?.isEmpty ?? true)
        XCTAssertFalse((body["sdk_version"] ?? nil)?.isEmpty ?? true)
    }

    func testNotModifiedWithTheETagUsesPreFetchedData() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        clock.advance(by: 60)

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successUsingPreFetchedData)
        XCTAssertNil(result.error)
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(requests.last?.header("If-None-Match"), "\"template-v1\"")
        XCTAssertEqual(client.allKeys(from: .remote), sampleKeys)
        XCTAssertEqual(client.lastFetchStatus, .success)
        XCTAssertEqual(client.lastFetchTime, clock.now, "a 304 is a successful fetch")
    }

    func testNotModifiedWithoutIfNoneMatchMatchingStillKeepsTheConfig() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        try await server.script([["mode": "not_modified"]])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successUsingPreFetchedData)
        XCTAssertEqual(client.allKeys(from: .remote), sampleKeys)
    }

    func testNoChangeStateUsesPreFetchedData() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        try await server.script([["mode": "no_change"]])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successUsingPreFetchedData)
        XCTAssertNil(result.error)
        XCTAssertEqual(client.allKeys(from: .remote), sampleKeys)
        XCTAssertEqual(client.lastFetchStatus, .success)
    }

    func testChangedTemplateIsFetchedFromRemoteAgain() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        try await server.setTemplate(["welcome_message": "환영합니다"])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        XCTAssertEqual(client.remoteEntries, ["welcome_message": "환영합니다"])
        let requests = try await server.requests()
        XCTAssertEqual(requests.last?.header("If-None-Match"), "\"template-v1\"", "the stale ETag is sent and does not match")
    }

    func testNewTemplateVersionWithTheSameValuesUsesPreFetchedData() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        try await server.setTemplate(client.remoteEntries)

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successUsingPreFetchedData, "nothing a consumer reads changed")
        let requests = try await server.requests()
        XCTAssertEqual(requests.last?.mode, "update")
    }

    func testEmptyConfigRemovesRemoteValuesAndFallsBackToDefaults() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        client.setDefaults(["welcome_message": "안녕하세요"])
        _ = await fetchAndActivateResult(client)
        XCTAssertEqual(client["welcome_message"].source, .remote)
        try await server.script([["mode": "empty_config"]])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote, "every remote value was removed")
        XCTAssertEqual(client.allKeys(from: .remote), [])
        XCTAssertEqual(client["welcome_message"], RemoteConfigValue(string: "안녕하세요", source: .default))
        XCTAssertEqual(client["menu"], .empty)
    }

    func testNoTemplateOnAFirstFetchChangesNothing() async throws {
        let client = try makeClient()
        try await server.script([["mode": "no_template"]])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successUsingPreFetchedData, "no values before, none after")
        XCTAssertNil(result.error)
        XCTAssertEqual(client.allKeys(from: .remote), [])
        XCTAssertEqual(client.lastFetchStatus, .success)
    }

    func testNoTemplateAfterAnUpdateRemovesRemoteValues() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        try await server.script([["mode": "no_template"]])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        XCTAssertEqual(client.allKeys(from: .remote), [])
    }

    func testMinimumIntervalAnswersFromTheFetchedConfigWithoutANetworkCall() async throws {
        let client = try makeClient()
        XCTAssertEqual(client.configSettings.minimumFetchInterval, 12 * 60 * 60)
        _ = await fetchAndActivateResult(client)
        let firstFetchTime = client.lastFetchTime
        try await server.setTemplate(["welcome_message": "환영합니다"])
        clock.advance(by: 12 * 60 * 60 - 1)

        let throttled = await fetchAndActivateResult(client)

        XCTAssertEqual(throttled.status, .successUsingPreFetchedData)
        XCTAssertNil(throttled.error)
        var requestCount = try await server.requests().count
        XCTAssertEqual(requestCount, 1)
        XCTAssertEqual(client.lastFetchTime, firstFetchTime)
        XCTAssertEqual(client["welcome_message"].stringValue, "어서 오세요!")

        clock.advance(by: 1)
        let fetched = await fetchAndActivateResult(client)

        XCTAssertEqual(fetched.status, .successFetchedFromRemote)
        requestCount = try await server.requests().count
        XCTAssertEqual(requestCount, 2)
        XCTAssertEqual(client["welcome_message"].stringValue, "환영합니다")
    }

    func testShorterMinimumIntervalFromTheSettings() async throws {
        let client = try makeClient()
        client.configSettings.minimumFetchInterval = 60
        _ = await fetchAndActivateResult(client)
        clock.advance(by: 60)

        _ = await fetchAndActivateResult(client)

        let requestCount = try await server.requests().count
        XCTAssertEqual(requestCount, 2)
    }

    func testFetchAndActivateAsSeparateSteps() async throws {
        let client = try makeClient()
        client.setDefaults(["welcome_message": "안녕하세요"])

        let fetch = await fetchResult(client, expiration: 0)

        XCTAssertEqual(fetch.status, .success)
        XCTAssertNil(fetch.error)
        XCTAssertEqual(client["welcome_message"].source, .default, "fetched values wait for activation")

        let activation = await activateResult(client)

        XCTAssertTrue(activation.changed)
        XCTAssertNil(activation.error)
        XCTAssertEqual(client["welcome_message"], RemoteConfigValue(string: "어서 오세요!", source: .remote))

        let again = await activateResult(client)

        XCTAssertFalse(again.changed, "the fetched config is already active")
    }

    func testPendingFetchIsActivatedByFetchAndActivateWithinTheInterval() async throws {
        let client = try makeClient()
        _ = await fetchResult(client, expiration: 0)

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote, "active values changed, so a consumer must re-read")
        let requestCount = try await server.requests().count
        XCTAssertEqual(requestCount, 1)
    }

    func testAsyncForms() async throws {
        let client: any RemoteConfigProtocol = try makeClient()

        let fetchStatus = try await client.fetch()
        let changed = try await client.activate()
        let status = try await client.fetchAndActivate()

        XCTAssertEqual(fetchStatus, .success)
        XCTAssertTrue(changed)
        XCTAssertEqual(status, .successUsingPreFetchedData)
    }

    func testAsyncFormThrowsTheTypedError() async throws {
        let client = try makeClient()
        try await server.script([["mode": "500"]])

        do {
            _ = try await client.fetchAndActivate()
            XCTFail("a 500 is an error")
        } catch let error as RemoteConfigError {
            XCTAssertEqual(error, .httpStatus(500))
        }
    }

    func testCallsDuringAFetchJoinIt() async throws {
        let client = try makeClient()
        // The delay keeps the first fetch in flight while the next two calls, made right after it on
        // this thread, decide to join it; nothing is timed.
        try await server.script([["mode": "update", "delay": 0.5]])
        let statuses = Locked<[String]>([])
        let done = expectation(description: "three handlers")
        done.expectedFulfillmentCount = 3

        client.fetchAndActivate { status, _ in
            statuses.withLock { $0.append(status.rawValue) }
            done.fulfill()
        }
        client.fetchAndActivate { status, _ in
            statuses.withLock { $0.append(status.rawValue) }
            done.fulfill()
        }
        client.fetch(withExpirationDuration: 0) { status, _ in
            statuses.withLock { $0.append("fetch " + status.rawValue) }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 10)

        XCTAssertEqual(
            statuses.withLock { $0 },
            ["successFetchedFromRemote", "successUsingPreFetchedData", "fetch success"],
            "the first activation changes the values; handlers run in call order"
        )
        let requestCount = try await server.requests().count
        XCTAssertEqual(requestCount, 1)
    }
}

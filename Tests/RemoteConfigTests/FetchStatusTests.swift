import Foundation
import Reactive
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// The statuses against the real local server: UPDATE, NO_CHANGE, 304, NO_TEMPLATE, EMPTY_CONFIG.
/// They are Firebase's: every fetch that reached the server and was activated is
/// `successFetchedFromRemote`, new values or not; `successUsingPreFetchedData` is a fetch that
/// did not go out and found nothing new to activate.
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
        try await client.setCustomSignals(["city": "Seoul", "visits": 3, "ratio": 2.5, "gone": nil])

        _ = await fetchAndActivateResult(client)

        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        let request = try XCTUnwrap(requests.first)
        XCTAssertEqual(request.path, "/v1/projects/bistro-development/namespaces/firebase:fetch", "by project ID")
        XCTAssertEqual(request.header("X-Goog-Api-Key"), Self.apiKey)
        XCTAssertEqual(request.header("X-Ios-Bundle-Identifier"), "app.bistro.ios")
        XCTAssertNil(request.header("X-Android-Package"))
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertEqual(request.header("X-Firebase-RC-Fetch-Type"), "BASE/1")
        XCTAssertNil(request.header("If-None-Match"), "a first fetch has no ETag to send")
        let fid = try await XCTUnwrap(client.installations).installationID()
        let token = try await XCTUnwrap(client.installations).authToken().authToken
        XCTAssertEqual(request.header("X-Goog-Firebase-Installations-Auth"), token)
        let body = try XCTUnwrap(request.body)
        XCTAssertEqual(body["appInstanceId"], .text(fid))
        XCTAssertEqual(body["appInstanceIdToken"], .text(token))
        XCTAssertEqual(body["appId"], .text(FirebaseOptions.development.googleAppID))
        XCTAssertEqual(body["countryCode"], .text("KR"))
        XCTAssertEqual(body["languageCode"], .text("ko-KR"))
        XCTAssertEqual(body["timeZone"], .text("Asia/Seoul"))
        XCTAssertEqual(body["appVersion"], .text("1.0"))
        XCTAssertEqual(body["appBuild"], .text("7"))
        XCTAssertEqual(body["packageName"], .text("app.bistro.ios"))
        XCTAssertEqual(body["analyticsUserProperties"], .object([:]))
        XCTAssertEqual(body["customSignals"], .object(["city": "Seoul", "visits": "3", "ratio": "2.5"]))
        XCTAssertEqual(body["firstOpenTime"], .text(clock.now.formatted(.iso8601)), "the state's first day")
        XCTAssertFalse(body["platformVersion"]?.text?.isEmpty ?? true)
        XCTAssertFalse(body["sdkVersion"]?.text?.isEmpty ?? true)
    }

    func testCustomSignalsAreKeptAcrossLaunchesWithinFirebasesLimits() async throws {
        let client = try makeClient()
        try await client.setCustomSignals(["city": "Seoul", "visits": 3])
        try await client.setCustomSignals(["visits": nil, "tier": "gold"])
        XCTAssertEqual(client.customSignals, ["city": "Seoul", "tier": "gold"])

        do {
            try await client.setCustomSignals([String(repeating: "k", count: 251): "x"])
            XCTFail("a key over 250 characters is refused")
        } catch let error as RemoteConfigCustomSignalsError {
            XCTAssertEqual(
                error.localizedDescription, "Custom signal keys and string values must be 250 and 500 characters or less respectively.")
        }
        do {
            try await client.setCustomSignals(["note": .string(String(repeating: "가", count: 501))])
            XCTFail("a value over 500 characters is refused")
        } catch is RemoteConfigCustomSignalsError {}
        let many = Dictionary(uniqueKeysWithValues: (0..<99).map { ("signal\($0)", CustomSignalValue?.some(.integer($0))) })
        do {
            try await client.setCustomSignals(many)
            XCTFail("101 signals in all are refused")
        } catch let error as RemoteConfigCustomSignalsError {
            XCTAssertEqual(error, .limitExceeded("Custom signals count exceeds the limit of 100."))
        }
        XCTAssertEqual(client.customSignals, ["city": "Seoul", "tier": "gold"], "a refusal changes nothing")

        let restarted = try makeClient()
        XCTAssertEqual(restarted.customSignals, ["city": "Seoul", "tier": "gold"])
    }

    func testNotModifiedWithTheETagIsAFetchFromRemote() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        clock.advance(by: 60)

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote, "the server said the fetched template is current")
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

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        XCTAssertEqual(client.allKeys(from: .remote), sampleKeys)
    }

    func testNoChangeStateIsAFetchFromRemote() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        try await server.script([["mode": "no_change"]])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
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

    func testNewTemplateVersionWithTheSameValuesIsAFetchFromRemoteThatAnnouncesNothing() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        try await server.setTemplate(client.remoteEntries)
        let announced = Locked<[RemoteConfigUpdate]>([])
        let subscription = client.activations.subscribe(onNext: { update in announced.withLock { $0.append(update) } })
        defer { subscription.dispose() }

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        XCTAssertEqual(announced.withLock { $0 }, [], "nothing a consumer reads changed")
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

        XCTAssertEqual(result.status, .successFetchedFromRemote, "the server answered; no values before, none after")
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
            XCTAssertEqual(error, scriptedFailure(500))
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
            ["successFetchedFromRemote", "successFetchedFromRemote", "fetch success"],
            "both fetches reached the server (one request); handlers run in call order"
        )
        let requestCount = try await server.requests().count
        XCTAssertEqual(requestCount, 1)
    }
}

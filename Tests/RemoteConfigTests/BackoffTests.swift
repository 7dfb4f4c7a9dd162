import Foundation
import RemoteConfigInterface
import XCTest

@testable import RemoteConfig

/// 429 and 5xx answers pause fetches: 2 minutes doubling to 4 hours, with jitter, refused without a
/// network call while the pause runs.
final class BackoffTests: ServerTestCase {
    func testTooManyRequestsStartsABackoffThatRefusesFetchesWithoutANetworkCall() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        let start = clock.now
        try await server.script([["mode": "429"]])

        let first = await fetchAndActivateResult(client)

        XCTAssertEqual(first.status, .error)
        XCTAssertEqual(first.error, scriptedFailure(429))
        XCTAssertEqual(client.backoffUntil, start.addingTimeInterval(120))

        clock.advance(by: 119)
        let refused = await fetchAndActivateResult(client)

        XCTAssertEqual(refused.status, .error)
        XCTAssertEqual(refused.error, .throttled(until: start.addingTimeInterval(120)))
        XCTAssertEqual(client.lastFetchStatus, .throttled)
        var requestCount = try await server.requests().count
        XCTAssertEqual(requestCount, 1)

        clock.advance(by: 1)
        let resumed = await fetchAndActivateResult(client)

        XCTAssertEqual(resumed.status, .successFetchedFromRemote)
        XCTAssertNil(client.backoffUntil, "a success ends the back-off")
        requestCount = try await server.requests().count
        XCTAssertEqual(requestCount, 2)
    }

    func testConsecutiveServerErrorsDoubleThePause() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        try await server.script([["mode": "500"], ["mode": "503"], ["mode": "429"]])

        var pauses: [TimeInterval] = []
        for expected in [500, 503, 429] {
            let result = await fetchAndActivateResult(client)
            XCTAssertEqual(result.error, scriptedFailure(expected))
            let until = try XCTUnwrap(client.backoffUntil)
            pauses.append(until.timeIntervalSince(clock.now))
            clock.advance(by: until.timeIntervalSince(clock.now))
        }

        XCTAssertEqual(pauses, [120, 240, 480])
    }

    func testThrottledStatusFromPlainFetch() async throws {
        let client = try makeClient()
        try await server.script([["mode": "502"]])
        _ = await fetchResult(client, expiration: 0)

        let result = await fetchResult(client, expiration: 0)

        XCTAssertEqual(result.status, .throttled)
        XCTAssertEqual(result.error, .throttled(until: clock.now.addingTimeInterval(120)))
    }

    func testJitterShortensThePause() async throws {
        let client = try makeClient(random: 0.5)
        try await server.script([["mode": "500"]])

        _ = await fetchAndActivateResult(client)

        XCTAssertEqual(client.backoffUntil, clock.now.addingTimeInterval(90), "half the jitter range off 120 s")
    }

    func testOtherFailuresNeitherStartNorEndABackoff() async throws {
        let client = try makeClient()
        try await server.script([["mode": "500"], ["mode": "invalid_json"]])
        _ = await fetchAndActivateResult(client)
        let until = try XCTUnwrap(client.backoffUntil)
        clock.advance(by: 120)

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.error, .malformedResponse(.invalidJSON))
        XCTAssertEqual(client.backoffUntil, until, "a malformed answer is not the server asking for a pause")
    }

    func testBackoffSurvivesARestart() async throws {
        let client = try makeClient()
        try await server.script([["mode": "500"]])
        _ = await fetchAndActivateResult(client)

        let restarted = try makeClient()
        let result = await fetchAndActivateResult(restarted)

        XCTAssertEqual(result.error, .throttled(until: clock.now.addingTimeInterval(120)))
        let requestCount = try await server.requests().count
        XCTAssertEqual(requestCount, 1)
    }

    func testPolicyDoublesFromTwoMinutesToFourHours() {
        let policy = BackoffPolicy()
        let minutes = (1...10).map { policy.delay(afterFailures: $0, random: 0) / 60 }

        XCTAssertEqual(minutes, [2, 4, 8, 16, 32, 64, 128, 240, 240, 240])
        XCTAssertEqual(policy.delay(afterFailures: 1_000, random: 0), 4 * 60 * 60, "no overflow past the ceiling")
    }

    func testPolicyJitterStaysWithinHalfToAllOfTheNominalPause() {
        let policy = BackoffPolicy()

        XCTAssertEqual(policy.delay(afterFailures: 1, random: 0), 120)
        XCTAssertEqual(policy.delay(afterFailures: 1, random: 0.999_999), 60, accuracy: 0.001)
        XCTAssertEqual(policy.delay(afterFailures: 9, random: 0.25), 4 * 60 * 60 * 0.875)
    }
}

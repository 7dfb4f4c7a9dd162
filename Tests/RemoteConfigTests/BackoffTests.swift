import Foundation
import RemoteConfigInterface
import XCTest

@testable import RemoteConfig

/// 429 and 5xx answers pause fetches: 2 minutes doubling to 4 hours, with jitter both ways, refused
/// without a network call while the pause runs.
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

    func testJitterShortensOrLengthensThePause() async throws {
        try await server.script([["mode": "500"], ["mode": "500"]])
        for (random, pause) in [(0.75, 90.0), (0.25, 150.0)] {
            let client = try makeClient(storageURL: storageDirectory.appendingPathComponent("state-\(random).json"), random: random)

            _ = await fetchAndActivateResult(client)

            XCTAssertEqual(client.backoffUntil, clock.now.addingTimeInterval(pause), "random \(random) of 120 s")
        }
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

    func testPolicyJitterSpreadsThePauseFromHalfToOneAndAHalfTimesTheNominalOne() {
        let policy = BackoffPolicy()

        XCTAssertEqual(policy.delay(afterFailures: 1, random: 0), 120)
        XCTAssertEqual(policy.delay(afterFailures: 1, random: 0.499_999), 180, accuracy: 0.001)
        XCTAssertEqual(policy.delay(afterFailures: 1, random: 0.5), 60)
        XCTAssertEqual(policy.delay(afterFailures: 1, random: 0.999_999), 120, accuracy: 0.001)
        XCTAssertEqual(policy.delay(afterFailures: 9, random: 0.25), 4 * 60 * 60 * 1.25, "longer than the ceiling, as the SDKs' jitter")
        let pauses = (0..<1000).map { policy.delay(afterFailures: 3, random: Double($0) / 1000) }
        XCTAssertEqual(pauses.min()!, 240, accuracy: 0.5)
        XCTAssertEqual(pauses.max()!, 720, accuracy: 0.5)
        XCTAssertEqual(pauses.reduce(0, +) / 1000, 480, accuracy: 1, "centred on the nominal pause")
    }
}

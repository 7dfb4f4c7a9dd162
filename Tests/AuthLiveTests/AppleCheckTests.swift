import AuthInterface
import AuthTestSupport
import Foundation
import TestSupport
import XCTest

@testable import AuthLive

/// The daily check of the refresh token as Apple answers it: a confirmation without an identity
/// token, a failure recorded and not repeated within the hour, a credential replaced meanwhile.
final class AppleCheckTests: AppleServerTestCase {
    func testARefreshAnsweredWithoutAnIdentityTokenIsAConfirmation() async throws {
        try await signInWithACode()
        try apple.answerRefreshes(withIdentityToken: false)
        try advance(by: 25 * 60 * 60)

        let status = try await makeClient().status(of: nil)

        XCTAssertEqual(status, .signedIn)
        let confirmed = try await makeClient().appleConfirmedAt()
        XCTAssertEqual(confirmed, clock.now, "an access token alone is Apple's confirmation")
        let checks = try await refreshChecks()
        XCTAssertEqual(checks.map(\.status), [200])
        let history = try await makeClient().appleCheckHistory()
        XCTAssertEqual(history, AppleCheckHistory(confirmedAt: clock.now, nextCheckAfter: clock.now.addingTimeInterval(24 * 60 * 60)))
    }

    func testARefreshAnsweredWithAnIdentityTokenIsStillAConfirmation() async throws {
        try await signInWithACode()
        try advance(by: 25 * 60 * 60)
        let status = try await makeClient().status(of: nil)
        XCTAssertEqual(status, .signedIn)
        let confirmed = try await makeClient().appleConfirmedAt()
        XCTAssertEqual(confirmed, clock.now)
    }

    func testAFailedCheckIsRecordedAndNotRepeatedWithinTheHour() async throws {
        try await signInWithACode()
        let signedInAt = clock.now
        try advance(by: 25 * 60 * 60)
        // A key id Apple does not know: every check is refused with invalid_client, which is no
        // answer about the user (Apple is also reported to answer a throttled check so).
        let refused = try makeClient(signingKey: try signingKey(keyID: "WRONGKEY01"))

        let first = await refused.status(of: nil)
        XCTAssertEqual(first, .signedIn, "the last answer stands")
        let failedAt = clock.now
        let history = await refused.appleCheckHistory()
        XCTAssertEqual(
            history,
            AppleCheckHistory(confirmedAt: signedInAt, failedAt: failedAt, nextCheckAfter: failedAt.addingTimeInterval(60 * 60)))
        XCTAssertNotNil(try storedCredential()?["appleCheckFailedAt"])

        // Every launch and `auth status` within the hour, in this process or another, asks nobody.
        let again = await refused.status(of: nil)
        XCTAssertEqual(again, .signedIn)
        try advance(by: 60 * 60 - 1)
        let withinTheHour = try await makeClient().status(of: nil)
        XCTAssertEqual(withinTheHour, .signedIn)
        var checks = try await refreshChecks()
        XCTAssertEqual(checks.map(\.error), ["invalid_client"])

        try advance(by: 1)
        let afterTheHour = try await makeClient().status(of: nil)
        XCTAssertEqual(afterTheHour, .signedIn)
        checks = try await refreshChecks()
        XCTAssertEqual(checks.map(\.error), ["invalid_client", nil])
        let confirmed = try await makeClient().appleCheckHistory()
        XCTAssertEqual(
            confirmed, AppleCheckHistory(confirmedAt: clock.now, nextCheckAfter: clock.now.addingTimeInterval(24 * 60 * 60)),
            "a confirmation clears the failure")
    }

    func testOfflineTheFailureIsRecordedAndTheNextCheckWaitsAnHour() async throws {
        try await signInWithACode()
        try advance(by: 25 * 60 * 60)
        apple.stop()

        let status = try await makeClient().status(of: nil)

        XCTAssertEqual(status, .signedIn)
        let history = try await makeClient().appleCheckHistory()
        XCTAssertEqual(history.failedAt, clock.now)
        XCTAssertEqual(history.nextCheckAfter, clock.now.addingTimeInterval(60 * 60))
    }

    func testAFailureDatedInTheFutureDoesNotDelayTheCheck() async throws {
        try await signInWithACode()
        try advance(by: 27 * 60 * 60)
        _ = try await makeClient(signingKey: try signingKey(keyID: "WRONGKEY01")).status(of: nil)
        // The clock was set back two hours: the recorded failure lies in its future.
        clock.advance(by: -2 * 60 * 60)
        let status = try await makeClient().status(of: nil)
        XCTAssertEqual(status, .signedIn)
        let checks = try await refreshChecks()
        XCTAssertEqual(checks.map(\.error), ["invalid_client", nil], "checked again at once")
    }

    func testWithoutTheDevelopersKeyNoCheckIsDue() async throws {
        try await signInWithACode()
        let history = try await makeClient(withoutKey: true).appleCheckHistory()
        XCTAssertEqual(history, AppleCheckHistory(confirmedAt: clock.now))
    }

    func testAnAnswerForACredentialReplacedMeanwhileChangesNothing() async throws {
        try await signInWithACode()
        let checked = try XCTUnwrap(try storedCredential())
        try await signInWithACode()
        let replacement = try XCTUnwrap(try storedCredential()?["refreshToken"] as? String)
        XCTAssertNotEqual(checked["refreshToken"] as? String, replacement)

        // What a check that began before the second sign-in finds when its answer arrives: the
        // credential it decided on is gone, and a revocation or a failure of the old refresh
        // token must not land on the new one.
        let old = try JSONDecoder.credential.decode(StoredCredential.self, from: JSONSerialization.data(withJSONObject: checked))
        let client = try makeClient()
        let status = await client.revoke(checked: old, at: clock.now)
        XCTAssertEqual(status, .signedIn)
        await client.recordCheck(of: old, at: clock.now, confirmed: false)
        let stored = try XCTUnwrap(try storedCredential())
        XCTAssertNil(stored["revokedAt"])
        XCTAssertNil(stored["appleCheckFailedAt"])
        XCTAssertEqual(stored["refreshToken"] as? String, replacement)
    }
}

extension JSONDecoder {
    /// A decoder for the credential file, whose dates are seconds since 1970.
    fileprivate static var credential: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}

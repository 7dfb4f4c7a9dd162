import AuthInterface
import AuthTestSupport
import Foundation
import TestSupport
import XCTest

@testable import AuthLive

/// Server-to-server notifications as Apple delivers them: again until answered, for as long as the
/// payload lasts, and not necessarily in the order the events happened.
final class NotificationDeliveryTests: AppleServerTestCase {
    func testAPayloadIsAcceptedUntilItsExpNotOnlyWithinAnHour() async throws {
        try await signInWithACode()
        let hoursLate = try await makeClient().handleServerNotification(
            apple.notificationBody(type: "email-disabled", issuedSecondsAgo: 5 * 60 * 60))
        XCTAssertEqual(hoursLate.effect, .applied, "Apple's retries come for hours")

        let refusals: [(Data, AuthenticationError)] = [
            (
                try apple.notificationBody(type: "consent-revoked", issuedSecondsAgo: 2 * 60 * 60, lifetime: 60 * 60),
                .invalidNotification(.stale)
            ),
            (try apple.notificationBody(type: "consent-revoked", issuedSecondsAgo: -2 * 60), .invalidNotification(.stale)),
        ]
        for (body, expected) in refusals {
            let refused = await error { _ = try await makeClient().handleServerNotification(body) }
            XCTAssertEqual(refused, expected)
        }
        // Within the leeway of either end.
        let justExpired = try apple.notificationBody(type: "email-enabled", issuedSecondsAgo: 60 * 60 + 30, lifetime: 60 * 60)
        let accepted = try await makeClient().handleServerNotification(justExpired)
        XCTAssertEqual(accepted.effect, .applied)
        let status = try await makeClient().status(of: nil)
        XCTAssertEqual(status, .signedIn)
    }

    func testARedeliveryChangesNothingAndSaysSoAlsoInALaterProcess() async throws {
        try await signInWithACode()
        let disabled = try apple.notificationBody(type: "email-disabled", email: "ada@privaterelay.appleid.com")
        let first = try await makeClient().handleServerNotification(disabled)
        XCTAssertEqual(first.effect, .applied)
        XCTAssertTrue(first.changedStoredCredential)
        let enabled = try await makeClient().handleServerNotification(apple.notificationBody(type: "email-enabled"))
        XCTAssertEqual(enabled.effect, .applied)

        let again = try await makeClient().handleServerNotification(disabled)

        XCTAssertEqual(again.effect, .alreadyApplied)
        XCTAssertFalse(again.changedStoredCredential)
        XCTAssertEqual(try storedCredential()?["emailForwarding"] as? Bool, true, "the redelivery did not undo the later event")
    }

    func testWithoutAJTIAnEventIsKnownByItsTypeUserAndTime() async throws {
        try await signInWithACode()
        let eventTime = Int(clock.now.timeIntervalSince1970 * 1000) - 5_000
        // Two deliveries signed apart, as two deliveries of one event are: only the event is the same.
        let first = try apple.notificationBody(type: "email-disabled", eventTime: eventTime, omitJTI: true)
        let second = try apple.notificationBody(type: "email-disabled", issuedSecondsAgo: -1, eventTime: eventTime, omitJTI: true)
        XCTAssertNotEqual(first, second)
        let applied = try await makeClient().handleServerNotification(first)
        XCTAssertEqual(applied.effect, .applied)
        let redelivered = try await makeClient().handleServerNotification(second)
        XCTAssertEqual(redelivered.effect, .alreadyApplied)
        let another = try await makeClient().handleServerNotification(
            apple.notificationBody(type: "email-enabled", eventTime: eventTime, omitJTI: true))
        XCTAssertEqual(another.effect, .applied, "another type at the same time is another event")
    }

    func testRelayEventsApplyInTheOrderTheyHappened() async throws {
        try await signInWithACode()
        let earlier = try apple.notificationBody(type: "email-disabled", eventSecondsAgo: 2 * 60 * 60)
        let later = try apple.notificationBody(type: "email-enabled", eventSecondsAgo: 60 * 60)

        let laterFirst = try await makeClient().handleServerNotification(later)
        let earlierLate = try await makeClient().handleServerNotification(earlier)

        XCTAssertEqual(laterFirst.effect, .applied)
        XCTAssertEqual(earlierLate.effect, .superseded)
        XCTAssertFalse(earlierLate.changedStoredCredential)
        let stored = try XCTUnwrap(try storedCredential())
        XCTAssertEqual(stored["emailForwarding"] as? Bool, true)
        let eventTime = try XCTUnwrap(stored["emailForwardingEventTime"] as? Double)
        XCTAssertEqual(eventTime, clock.now.timeIntervalSince1970 - 60 * 60, accuracy: 60, "the later event's time")
    }

    func testARevocationOfARevokedCredentialIsAlreadyApplied() async throws {
        try await signInWithACode()
        let revoked = try await makeClient().handleServerNotification(apple.notificationBody(type: "consent-revoked"))
        XCTAssertEqual(revoked.effect, .applied)
        let revokedAt = try XCTUnwrap(try storedCredential()?["revokedAt"] as? Double)

        try advance(by: 60)
        let deleted = try await makeClient().handleServerNotification(apple.notificationBody(type: "account-delete"))

        XCTAssertEqual(deleted.effect, .alreadyApplied)
        XCTAssertEqual(try storedCredential()?["revokedAt"] as? Double, revokedAt, "revoked when it first was")
    }

    func testARevocationFromBeforeTheSignInIsOfAConsentGivenAgain() async throws {
        try await signInWithACode()
        // Revoked ten minutes ago, delivered after the user signed in again: a retry Apple made
        // while the endpoint did not answer.
        let late = try apple.notificationBody(type: "consent-revoked", eventSecondsAgo: 10 * 60)

        let notification = try await makeClient().handleServerNotification(late)

        XCTAssertEqual(notification.effect, .superseded)
        let status = try await makeClient().status(of: nil)
        XCTAssertEqual(status, .signedIn)
    }

    func testADuplicateMemberNameAnywhereInTheBodyIsRefusedAndChangesNothing() async throws {
        try await signInWithACode()
        let seconds = Int(clock.now.timeIntervalSince1970)
        let user = TestToken.userID
        let revoked = #"{"type":"consent-revoked","sub":"\#(user)","event_time":\#((seconds + 60) * 1000)}"#
        /// The JSON string literal of `text`.
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        /// Claims as Apple's, each with its own `jti`, `extra` members first and `events` last.
        func claims(events: String, extra: String = "") -> String {
            #"{\#(extra)"iss":"https://appleid.apple.com","aud":"app.bistro.ios","iat":\#(seconds),"exp":\#(seconds + 600),"#
                + #""jti":"\#(UUID().uuidString)","events":\#(events)}"#
        }
        /// The JWS of `claims` as written, signed with Apple's key.
        func payload(_ claims: String) -> String {
            let header = #"{"alg":"RS256","kid":"\#(TestDeveloper.appleKey.id)"}"#
            let input = base64URL(Array(header.utf8)) + "." + base64URL(Array(claims.utf8))
            return input + "." + base64URL(TestDeveloper.appleKey.sign(Array(input.utf8)))
        }
        func body(_ claims: String) -> String { #"{"payload":"\#(payload(claims))"}"# }
        let enabled = #"{"type":"email-enabled","sub":"\#(user)","event_time":\#(seconds * 1000)}"#
        let typeTwice = #"{"type":"email-enabled","sub":"\#(user)","event_time":\#(seconds * 1000),"type":"consent-revoked"}"#
        let subTwice = #"{"type":"consent-revoked","sub":"someone.else","event_time":\#(seconds * 1000),"s\u0075b":"\#(user)"}"#
        let revokedPayload = payload(claims(events: quoted(revoked)))

        let bodies: [(String, String)] = [
            ("payload", #"{"payload":"\#(payload(claims(events: quoted(enabled))))","payload":"\#(revokedPayload)"}"#),
            ("payload escaped", #"{"payload":"\#(revokedPayload)","p\u0061yload":"x"}"#),
            ("aud", body(claims(events: quoted(revoked), extra: #""aud":"app.another","#))),
            ("events", body(claims(events: quoted(revoked), extra: #""events":\#(quoted(enabled)),"#))),
            ("type in events", body(claims(events: quoted(typeTwice)))),
            ("sub escaped in events", body(claims(events: quoted(subTwice)))),
            ("events an object", body(claims(events: typeTwice))),
        ]
        for (name, body) in bodies {
            let refused = await error { _ = try await makeClient().handleServerNotification(Data(body.utf8)) }
            XCTAssertEqual(refused, .invalidNotification(.malformed), name)
            let status = try await makeClient().status(of: nil)
            XCTAssertEqual(status, .signedIn, name)
        }

        let applied = try await makeClient().handleServerNotification(Data(body(claims(events: quoted(revoked))).utf8))
        XCTAssertEqual(applied.effect, .applied, "written by hand, and once each, the names are fine")
    }

    func testOnlyTheLastHundredAppliedEventsAreRemembered() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var credential = StoredCredential(
            userID: TestToken.userID, identityToken: "token", signedInAt: start, expiresAt: nil, revokedAt: nil)
        func notice(_ index: Int) -> ServerNotificationReader.Notice {
            ServerNotificationReader.Notice(
                event: index.isMultiple(of: 2) ? .emailEnabled : .emailDisabled, userID: TestToken.userID,
                eventTime: start.addingTimeInterval(TimeInterval(index)), email: nil, isPrivateEmail: nil, identity: "event-\(index)")
        }
        for index in 0..<150 {
            XCTAssertEqual(LiveAuthenticationClient.apply(notice(index), to: &credential, at: start), .applied)
        }
        XCTAssertEqual(credential.appliedNotifications, (50..<150).map { "event-\($0)" })
        XCTAssertEqual(LiveAuthenticationClient.apply(notice(149), to: &credential, at: start), .alreadyApplied)
        XCTAssertEqual(LiveAuthenticationClient.apply(notice(10), to: &credential, at: start), .superseded, "forgotten, and older")
    }
}

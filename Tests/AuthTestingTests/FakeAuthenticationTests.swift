import AuthInterface
import AuthTesting
import Dependencies
import Reactive
import ReactiveTesting
import XCTest

/// The fake sign-in: what it accepts, who it signs in, and the failures it is told to give.
final class FakeAuthenticationTests: XCTestCase {
    private func response(user: String = "001", token: String? = "any-token") -> AppleAuthenticationResponse {
        AppleAuthenticationResponse(userID: user, identityToken: token)
    }

    func testAnyNonEmptyTokenSignsTheResponsesUserIn() async throws {
        let fake = FakeAuthentication()
        let client = fake.client
        let before = await client.checkAppleAuthenticationStatus(nil)
        XCTAssertEqual(before, .signedOut(.notFound))
        try await client.signIn(response(user: "001"))
        XCTAssertEqual(fake.user, "001")
        let status = await client.checkAppleAuthenticationStatus(nil)
        XCTAssertEqual(status, .signedIn)
        let same = await client.checkAppleAuthenticationStatus("001")
        XCTAssertEqual(same, .signedIn)
        let other = await client.checkAppleAuthenticationStatus("002")
        XCTAssertEqual(other, .signedOut(.notFound))
    }

    func testAResponseWithoutAUserSignsInTheDefaultUser() async throws {
        let fake = FakeAuthentication()
        try await fake.client.signIn(response(user: ""))
        XCTAssertEqual(fake.user, FakeAuthentication.defaultUser)
    }

    @MainActor
    func testTheFakeSheetAnswersAtOnceWithAResponseTheFakeSignsIn() async throws {
        let responses = try FakeAuthentication.signInSheet.present().toBlocking(timeout: 5).toArray()
        XCTAssertEqual(responses.count, 1)
        let fake = FakeAuthentication()
        try await fake.client.signIn(try XCTUnwrap(responses.first))
        XCTAssertEqual(fake.user, FakeAuthentication.defaultUser)
    }

    func testNoSheetIsInstalledUnlessTheCompositionInstallsOne() {
        XCTAssertNil(DependencyValues().appleSignInSheet)
        var dependencies = DependencyValues()
        dependencies.appleSignInSheet = FakeAuthentication.signInSheet
        XCTAssertNotNil(dependencies.appleSignInSheet)
    }

    func testAMissingOrEmptyTokenIsRefused() async {
        let fake = FakeAuthentication()
        for token in [nil, ""] as [String?] {
            do {
                try await fake.client.signIn(response(token: token))
                XCTFail("accepted \(String(describing: token))")
            } catch {
                XCTAssertEqual(error as? AuthenticationError, .invalidToken(.missing))
            }
        }
        XCTAssertNil(fake.user)
    }

    func testSignOutForgetsTheUser() async throws {
        let fake = FakeAuthentication(signedInUser: "001")
        try await fake.client.signOut()
        XCTAssertNil(fake.user)
        let status = await fake.client.checkAppleAuthenticationStatus("001")
        XCTAssertEqual(status, .signedOut(.notFound))
    }

    func testFailuresItIsToldToGive() async throws {
        let fake = FakeAuthentication(signedInUser: "001")
        fake.signOutFailure = .storageFailed(reason: "cannot delete /state/apple-credential.json: permission denied")
        do {
            try await fake.client.signOut()
            XCTFail("signed out")
        } catch {
            XCTAssertEqual(
                error as? AuthenticationError, .storageFailed(reason: "cannot delete /state/apple-credential.json: permission denied"))
        }
        XCTAssertEqual(fake.user, "001", "a failed sign-out keeps the user")

        fake.signInFailure = .cannotVerifyNow
        do {
            try await fake.client.signIn(response(user: "002"))
            XCTFail("signed in")
        } catch {
            XCTAssertEqual(error as? AuthenticationError, .cannotVerifyNow)
        }
        XCTAssertEqual(fake.user, "001", "a failed sign-in changes nobody")
    }
}

import AuthInterface
import AuthLive
import AuthTestSupport
import Foundation
import TestSupport
import XCTest

/// The live client's endpoints: sign-in stores a credential, the status reads it, sign-out deletes it.
final class SignInStatusTests: LiveClientTestCase {
    func testSignInThenStatusThenSignOut() async throws {
        let client = makeClient().client
        let before = await client.checkAppleAuthenticationStatus(nil)
        XCTAssertEqual(before, .signedOut(.notFound))

        try await client.signIn(response(token().signed(by: TestKeys.rsa1)))
        let anyone = await client.checkAppleAuthenticationStatus(nil)
        let theUser = await client.checkAppleAuthenticationStatus(TestToken.userID)
        let someoneElse = await client.checkAppleAuthenticationStatus("000999.ffff.0001")
        XCTAssertEqual(anyone, .signedIn)
        XCTAssertEqual(theUser, .signedIn)
        XCTAssertEqual(someoneElse, .signedOut(.notFound))

        // A new process finds the credential on disk.
        let restarted = await makeClient().client.checkAppleAuthenticationStatus(TestToken.userID)
        XCTAssertEqual(restarted, .signedIn)

        try await client.signOut()
        let after = await client.checkAppleAuthenticationStatus(TestToken.userID)
        XCTAssertEqual(after, .signedOut(.notFound))
        XCTAssertFalse(FileManager.default.fileExists(atPath: configuration().credentialFile.path))
        // Signing out twice is not an error.
        try await client.signOut()
    }

    func testTheSignedInUserIsKnownWhileTheCredentialSignsThemIn() async throws {
        let client = makeClient()
        let before = await client.signedInUserID()
        XCTAssertNil(before)
        try await client.signIn(response(token().signed(by: TestKeys.rsa1)))
        let signedIn = await client.signedInUserID()
        XCTAssertEqual(signedIn, TestToken.userID)
        let wasStored = try await client.revoke(userID: TestToken.userID)
        XCTAssertTrue(wasStored)
        let revoked = await client.signedInUserID()
        XCTAssertNil(revoked)
    }

    func testTheStoredStatusIsFollowedWhoeverChangesIt() async throws {
        var watching = configuration()
        watching.storedStatusCheckInterval = 0.02
        let app = LiveAuthenticationClient(configuration: watching)
        // Another process: a client of its own on the same state directory.
        let elsewhere = makeClient()
        let seen = AppendLog<AuthenticationStatus>()
        let following = Task {
            for await status in app.storedStatusChanges() { seen.append(status) }
        }
        defer { following.cancel() }
        func waitFor(_ count: Int) async {
            let deadline = ContinuousClock.now + .seconds(10)
            while seen.values.count < count, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        }

        await waitFor(1)
        try await elsewhere.signIn(response(token().signed(by: TestKeys.rsa1)))
        await waitFor(2)
        _ = try await elsewhere.revoke(userID: TestToken.userID)
        await waitFor(3)
        try await elsewhere.signIn(response(token().signed(by: TestKeys.rsa1)))
        await waitFor(4)
        clock.advance(by: 30 * 24 * 60 * 60)
        await waitFor(5)
        try await elsewhere.signOut()
        await waitFor(6)
        XCTAssertEqual(
            seen.values,
            [.signedOut(.notFound), .signedIn, .signedOut(.revoked), .signedIn, .signedOut(.expired), .signedOut(.notFound)],
            "each change once, the session's end by the clock alone")
    }

    func testTheSignedInAccountSaysTheRelaysForwarding() async throws {
        let client = makeClient()
        let nobody = await client.signedInAccount()
        XCTAssertNil(nobody)
        try await client.signIn(response(token().signed(by: TestKeys.rsa1)))
        let account = await client.signedInAccount()
        XCTAssertEqual(account?.userID, TestToken.userID)
        XCTAssertNil(account?.emailForwarding, "no notification said yet")
    }

    func testTheSessionExpires() async throws {
        let client = makeClient()
        try await client.signIn(response(token().signed(by: TestKeys.rsa1)))
        clock.advance(by: 30 * 24 * 60 * 60 - 1)
        let lastSecond = await client.status(of: TestToken.userID)
        XCTAssertEqual(lastSecond, .signedIn)
        clock.advance(by: 1)
        let expired = await client.status(of: TestToken.userID)
        XCTAssertEqual(expired, .signedOut(.expired))

        var forever = configuration()
        forever.sessionLifetime = nil
        let unlimited = LiveAuthenticationClient(configuration: forever)
        try await unlimited.signIn(response(token().signed(by: TestKeys.rsa1)))
        clock.advance(by: 10 * 365 * 24 * 60 * 60)
        let later = await unlimited.status(of: nil)
        XCTAssertEqual(later, .signedIn)
    }

    func testARevokedCredentialSaysRevokedUntilTheNextSignIn() async throws {
        let client = makeClient()
        try await client.signIn(response(token().signed(by: TestKeys.rsa1)))
        let otherUser = try await client.revoke(userID: "000999.ffff.0001")
        XCTAssertFalse(otherUser)
        let stillIn = await client.status(of: nil)
        XCTAssertEqual(stillIn, .signedIn)

        let revoked = try await client.revoke(userID: TestToken.userID)
        XCTAssertTrue(revoked)
        let status = await client.status(of: TestToken.userID)
        XCTAssertEqual(status, .signedOut(.revoked))
        let restarted = await makeClient().status(of: nil)
        XCTAssertEqual(restarted, .signedOut(.revoked))

        try await client.signIn(response(token().signed(by: TestKeys.rsa1)))
        let again = await client.status(of: TestToken.userID)
        XCTAssertEqual(again, .signedIn)
    }

    func testARefusedSignInStoresNothing() async throws {
        let client = makeClient().client
        var expired = token()
        expired.claims["exp"] = Int(clock.now.timeIntervalSince1970) - 3600
        do {
            try await client.signIn(response(expired.signed(by: TestKeys.rsa1)))
            XCTFail("signed in with an expired token")
        } catch {
            XCTAssertEqual(error as? AuthenticationError, .invalidToken(.expired))
        }
        do {
            try await client.signIn(AppleAuthenticationResponse(userID: TestToken.userID, identityToken: nil))
            XCTFail("signed in without a token")
        } catch {
            XCTAssertEqual(error as? AuthenticationError, .invalidToken(.missing))
        }
        do {
            var other = response(token().signed(by: TestKeys.rsa1))
            other.userID = "000999.ffff.0001"
            try await client.signIn(other)
            XCTFail("signed in as another user")
        } catch {
            XCTAssertEqual(error as? AuthenticationError, .invalidToken(.subjectMismatch))
        }
        let status = await client.checkAppleAuthenticationStatus(nil)
        XCTAssertEqual(status, .signedOut(.notFound))
        XCTAssertFalse(FileManager.default.fileExists(atPath: configuration().credentialFile.path))
    }

    func testSignInWithTheNonceTheAppSent() async throws {
        let client = makeClient().client
        var parts = token()
        parts.claims["nonce"] = "1759ca2ed009ba88008793b47ac715a2b2b34b2896a02840aaaf67b1e54e1905"
        do {
            try await client.signIn(response(parts.signed(by: TestKeys.rsa1), nonce: "a different nonce"))
            XCTFail("accepted a replayed token")
        } catch {
            XCTAssertEqual(error as? AuthenticationError, .invalidToken(.wrongNonce))
        }
        try await client.signIn(response(parts.signed(by: TestKeys.rsa1), nonce: "k3J8-raw-nonce-from-the-app"))
        let status = await client.checkAppleAuthenticationStatus(TestToken.userID)
        XCTAssertEqual(status, .signedIn)
    }

    func testAnUnreadableCredentialCountsAsNotFound() async throws {
        let client = makeClient()
        try await client.signIn(response(token().signed(by: TestKeys.rsa1)))
        try Data("{ not json".utf8).write(to: configuration().credentialFile)
        let status = await client.status(of: nil)
        XCTAssertEqual(status, .signedOut(.notFound))
    }

    func testTheDefaultStateDirectoryFollowsXDGAndIsTheApps() {
        func directory(_ app: String, _ environment: [String: String]) -> String {
            LiveAuthenticationConfiguration.defaultStateDirectory(app: app, environment: environment).path
        }
        XCTAssertEqual(directory("bistro", ["XDG_STATE_HOME": "/var/xdg", "HOME": "/home/ada"]), "/var/xdg/bistro")
        // The specification ignores a relative XDG_STATE_HOME.
        XCTAssertEqual(directory("bistro", ["XDG_STATE_HOME": "state", "HOME": "/home/ada"]), "/home/ada/.local/state/bistro")
        XCTAssertEqual(directory("bistro", ["HOME": "/home/ada"]), "/home/ada/.local/state/bistro")
        XCTAssertEqual(directory("loyalty", ["HOME": "/home/ada"]), "/home/ada/.local/state/loyalty", "another app's, not Bistro's")
        XCTAssertEqual(
            LiveAuthenticationConfiguration.defaultStateDirectory(environment: ["HOME": "/home/ada"]).lastPathComponent,
            ProcessInfo.processInfo.processName, "the running program's name unless given")
        XCTAssertEqual(LiveAuthenticationConfiguration(clientIDs: ["x"]).keySetURL.absoluteString, "https://appleid.apple.com/auth/keys")
    }
}

import AuthInterface
import AuthTestSupport
import Foundation
import TestSupport
import XCTest

@testable import AuthLive

/// Codes as apps hand them over: with the nonce in the form the app gave Apple, from a device too
/// old for nonces, and issued to the web flow's Services ID rather than the first client id.
final class CodeExchangeTests: AppleServerTestCase {
    private let rawNonce = "k3J8-raw-nonce-from-the-app"
    /// hex(SHA-256(raw nonce)), computed independently with Python's hashlib.
    private let hashedNonce = "1759ca2ed009ba88008793b47ac715a2b2b34b2896a02840aaaf67b1e54e1905"

    /// Signs in with a code Apple issued with `nonce` (what the app gave it), given `rawNonce`.
    private func signIn(issuedWith nonce: String?, nonceSupported: (any Sendable)? = nil, rawNonce: String) async -> AuthenticationError? {
        await error {
            let code = try apple.authorize(nonce: nonce, nonceSupported: nonceSupported)
            try await makeClient().signIn(codeResponse(code, nonce: rawNonce))
        }
    }

    func testTheTokensNonceIsTheRawNonceOrItsSHA256() async {
        let iOS = await signIn(issuedWith: hashedNonce, rawNonce: rawNonce)
        XCTAssertNil(iOS, "an iOS app gives Apple the SHA-256")
        let web = await signIn(issuedWith: rawNonce, rawNonce: rawNonce)
        XCTAssertNil(web, "a web page often gives Apple the raw nonce")
        let another = await signIn(issuedWith: hashedNonce, rawNonce: "another raw nonce")
        XCTAssertEqual(another, .invalidToken(.wrongNonce))
        let hashOfTheRaw = await signIn(issuedWith: rawNonce, rawNonce: hashedNonce)
        XCTAssertEqual(hashOfTheRaw, .invalidToken(.wrongNonce), "the token's nonce must be the raw one or its hash, not its preimage")
    }

    func testADeviceWithoutNonceSupportSendsNoneAndThatIsAccepted() async {
        for flag in [false as any Sendable, "false" as any Sendable] {
            let accepted = await signIn(issuedWith: hashedNonce, nonceSupported: flag, rawNonce: rawNonce)
            XCTAssertNil(accepted, "nonce_supported \(flag)")
        }
        // A device that supports nonces and sends none answers another request.
        let missing = await signIn(issuedWith: nil, rawNonce: rawNonce)
        XCTAssertEqual(missing, .invalidToken(.wrongNonce))
        let missingWithStringTrue = await signIn(issuedWith: nil, nonceSupported: "true", rawNonce: rawNonce)
        XCTAssertEqual(missingWithStringTrue, .invalidToken(.wrongNonce))
    }

    func testACodeIssuedToTheSecondClientIDIsExchangedCheckedAndRevokedUnderIt() async throws {
        let web = TestDeveloper.clientIDs[1]
        let code = try apple.authorize(clientID: web)
        var platform = TestToken(key: TestDeveloper.appleKey, now: clock.now)
        platform.claims["aud"] = web

        try await makeClient().signIn(codeResponse(code, identityToken: platform.signed(by: TestDeveloper.appleKey)))

        XCTAssertEqual(try storedCredential()?["clientID"] as? String, web)
        try advance(by: 25 * 60 * 60)
        let status = try await makeClient().status(of: nil)
        XCTAssertEqual(status, .signedIn)
        let deletion = try await makeClient().deleteAccount()
        XCTAssertEqual(deletion, .revokedAtApple)
        let requests = try await apple.requests()
        XCTAssertEqual(requests.token.map(\.grantType), ["authorization_code", "refresh_token"])
        XCTAssertEqual(requests.token.map(\.clientId), [web, web])
        XCTAssertEqual(requests.token.map(\.status), [200, 200])
        XCTAssertEqual(requests.revoke.map(\.clientId), [web])
        XCTAssertEqual(requests.revoke.map(\.revoked), [true])
    }

    func testWithoutAnIdentityTokenTheCodeIsExchangedForTheFirstClientID() async throws {
        let web = TestDeveloper.clientIDs[1]
        let code = try apple.authorize(clientID: web)
        try await makeClient(clientIDs: [web, TestDeveloper.clientIDs[0]]).signIn(codeResponse(code))
        XCTAssertEqual(try storedCredential()?["clientID"] as? String, web)
        let requests = try await apple.requests()
        XCTAssertEqual(requests.token.map(\.clientId), [web])
    }

    func testTheLocalAppleHonoursARefreshTokenOnlyUnderTheClientIDOfItsCode() async throws {
        try await signInWithACode()
        let refreshToken = try XCTUnwrap(try storedCredential()?["refreshToken"] as? String)
        let clock = self.clock!
        let api = AppleAuthAPI(
            baseURL: apple.baseURL, key: try signingKey(), redirectURI: nil, timeout: 5, now: { clock.now }, log: Log(sink: nil))
        let other = TestDeveloper.clientIDs[1]

        let refreshed = await error { _ = try await api.validate(refreshToken: refreshToken, clientID: other) }
        let revoked = await error { try await api.revoke(refreshToken: refreshToken, clientID: other) }

        XCTAssertEqual(refreshed, .appleRefused(.invalidGrant(description: nil)))
        XCTAssertEqual(revoked, .appleRefused(.invalidGrant(description: nil)))
        let honoured = await error { _ = try await api.validate(refreshToken: refreshToken, clientID: TestDeveloper.clientIDs[0]) }
        XCTAssertNil(honoured, "still valid under its own client id")
    }
}

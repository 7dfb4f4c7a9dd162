import AuthInterface
import AuthTestSupport
import Foundation
import TestSupport
import XCTest

@testable import AuthLive

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server side of Sign in with Apple against the local Apple: the client secret, the code
/// exchange, the daily check of the refresh token, the revocation at account deletion, and the
/// server-to-server notifications.
final class AppleServerSideTests: AppleServerTestCase {
    // MARK: The client secret

    func testTheClientSecretIsAnES256JWTWithAJOSESignatureForAtMostSixMonths() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let secret = try ClientSecret(key: try signingKey(), clientID: "app.bistro.ios", now: now, lifetime: 365 * 24 * 60 * 60)
        let parts = secret.token.split(separator: ".").map(String.init)
        XCTAssertEqual(parts.count, 3)
        let header = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[0])!)) as? [String: String]
        XCTAssertEqual(header, ["alg": "ES256", "kid": TestDeveloper.key.id])
        let claims = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[1])!)) as? [String: Any]
        XCTAssertEqual(claims?["iss"] as? String, TestDeveloper.teamID)
        XCTAssertEqual(claims?["sub"] as? String, "app.bistro.ios")
        XCTAssertEqual(claims?["aud"] as? String, "https://appleid.apple.com")
        XCTAssertEqual(claims?["iat"] as? Int, 1_800_000_000)
        XCTAssertEqual(claims?["exp"] as? Int, 1_800_000_000 + 15_777_000, "capped at six months")
        let signature = try XCTUnwrap(Base64URL.decode(parts[2]))
        XCTAssertEqual(signature.count, 64, "r ‖ s, not DER")
        let material = PublicKeyMaterial.p256(
            x: Base64URL.decode(TestDeveloper.key.jwk["x"]!)!, y: Base64URL.decode(TestDeveloper.key.jwk["y"]!)!)
        XCTAssertTrue(
            try SignatureCheck.isValid(signature, over: Array((parts[0] + "." + parts[1]).utf8), material: material, algorithm: .es256))
    }

    func testAKeyFileThatIsNotAP8IsNamedNeverShown() throws {
        let directory = stateDirectory.deletingLastPathComponent()
        func refusal(_ content: String?, teamID: String = TestDeveloper.teamID, keyID: String = TestDeveloper.key.id) throws
            -> AppleSigningKeyError?
        {
            let file = directory.appendingPathComponent("key-\(UUID().uuidString).p8")
            if let content { try Data(content.utf8).write(to: file) }
            do {
                _ = try AppleSigningKey(teamID: teamID, keyID: keyID, contentsOfFile: file.path)
                return nil
            } catch {
                XCTAssertTrue(error.errorDescription?.contains(file.path) ?? false)
                if let content { XCTAssertFalse(error.errorDescription?.contains(String(content.dropFirst(40).prefix(20))) ?? true) }
                return error
            }
        }
        XCTAssertEqual(try refusal(nil)?.problem, .missing)
        XCTAssertEqual(try refusal("not a key at all")?.problem, .notPEM)
        XCTAssertEqual(try refusal(TestKeys.rsa1.pkcs8PEM)?.problem, .notP256, "an RSA key")
        let sec1 = TestDeveloper.key.pkcs8PEM.replacingOccurrences(of: "PRIVATE KEY", with: "EC PRIVATE KEY")
        XCTAssertEqual(try refusal(sec1)?.problem, .notPKCS8)
        XCTAssertEqual(try refusal("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")?.problem, .notPKCS8)
        XCTAssertEqual(try refusal(TestDeveloper.key.pkcs8PEM, teamID: "team")?.problem, .invalidTeamID)
        XCTAssertEqual(try refusal(TestDeveloper.key.pkcs8PEM, keyID: "")?.problem, .invalidKeyID)
        XCTAssertNil(try refusal(TestDeveloper.key.pkcs8PEM))
        XCTAssertFalse("\(try signingKey())".contains(String(TestDeveloper.key.pkcs8PEM.dropFirst(40).prefix(20))))
    }

    // MARK: The exchange

    func testAnAuthorizationCodeIsExchangedAndItsRefreshTokenKept() async throws {
        let client = try makeClient()
        try await signInWithACode(client)

        let status = await client.status(of: nil)
        XCTAssertEqual(status, .signedIn)
        let user = await client.signedInUserID()
        XCTAssertEqual(user, TestToken.userID)
        let confirmed = await client.appleConfirmedAt()
        XCTAssertEqual(confirmed, clock.now, "the exchange is Apple's confirmation")
        let stored = try XCTUnwrap(storedCredential())
        XCTAssertNotNil(stored["refreshToken"] as? String)
        XCTAssertEqual(stored["teamID"] as? String, TestDeveloper.teamID)
        XCTAssertEqual(stored["clientID"] as? String, "app.bistro.ios")
        XCTAssertNil(stored["expiresAt"], "a refresh token is checked with Apple instead of running out")
        let requests = try await apple.requests()
        XCTAssertEqual(requests.token.map(\.grantType), ["authorization_code"])
        XCTAssertEqual(requests.token.map(\.status), [200])
        for line in logged.values {
            XCTAssertFalse(line.contains(stored["refreshToken"] as? String ?? "-"), line)
        }
    }

    func testASecondUseOfACodeIsRefusedWithASentence() async throws {
        let code = try apple.authorize()
        try await makeClient().signIn(codeResponse(code))

        let refused = await error { try await makeClient().signIn(codeResponse(code)) }

        XCTAssertEqual(refused, .appleRefused(.invalidGrant(description: "The code has already been used.")))
        XCTAssertEqual(
            refused?.message,
            """
            Apple refused the code or token (invalid_grant: The code has already been used.): an authorization code works once and \
            for five minutes, and a revoked refresh token never again; sign in again.
            """)
    }

    func testAWrongKeyIDIsRefusedAsInvalidClientAndNothingIsStored() async throws {
        let code = try apple.authorize()
        let refused = await error { try await makeClient(signingKey: try signingKey(keyID: "WRONGKEY01")).signIn(codeResponse(code)) }

        XCTAssertEqual(refused, .appleRefused(.invalidClient))
        XCTAssertTrue(refused?.message.contains("check the team id, the key id") ?? false)
        XCTAssertNil(try storedCredential())
    }

    func testTheIdentityTokenAndTheCodeMustNameTheSameUser() async throws {
        let code = try apple.authorize(user: "000999.another.0001")
        let token = TestToken(key: TestDeveloper.appleKey, now: clock.now).signed(by: TestDeveloper.appleKey)

        let refused = await error { try await makeClient().signIn(codeResponse(code, identityToken: token)) }

        XCTAssertEqual(refused, .userMismatch)
        XCTAssertNil(try storedCredential())
    }

    func testACodeWithoutTheDevelopersKeyIsNotConfigured() async throws {
        let refused = await error { try await makeClient(withoutKey: true).signIn(codeResponse("c.0.code")) }
        XCTAssertEqual(refused, .notConfigured(reason: "exchanging an authorization code needs the team id, the key id and the .p8 key"))
    }

    // MARK: The daily check

    func testARevokedRefreshTokenSignsTheUserOutAtTheNextDailyCheck() async throws {
        try await signInWithACode()
        try apple.revokeUser()

        let sameDay = try await makeClient().status(of: nil)
        XCTAssertEqual(sameDay, .signedIn, "checked at most once a day: the exchange was today")
        var validations = try await apple.requests().refreshValidations
        XCTAssertEqual(validations, [:])

        try advance(by: 24 * 60 * 60)
        let nextDay = try await makeClient().status(of: nil)
        XCTAssertEqual(nextDay, .signedOut(.revoked))
        let later = try await makeClient().status(of: nil)
        XCTAssertEqual(later, .signedOut(.revoked), "the stored credential says so")
        validations = try await apple.requests().refreshValidations
        XCTAssertEqual(validations, [TestToken.userID: 1])
        XCTAssertNotNil(try storedCredential()?["revokedAt"])
    }

    func testAHonouredRefreshTokenIsCheckedOnceADay() async throws {
        try await signInWithACode()
        try advance(by: 25 * 60 * 60)
        let first = try await makeClient().status(of: nil)
        XCTAssertEqual(first, .signedIn)
        let confirmed = try await makeClient().appleConfirmedAt()
        XCTAssertEqual(confirmed, clock.now)

        try advance(by: 60 * 60)
        let second = try await makeClient().status(of: nil)
        XCTAssertEqual(second, .signedIn)
        let validations = try await apple.requests().refreshValidations
        XCTAssertEqual(validations, [TestToken.userID: 1])
    }

    func testOfflineTheLastAnswerStands() async throws {
        try await signInWithACode()
        let signedInAt = clock.now
        try advance(by: 25 * 60 * 60)
        apple.stop()

        let status = try await makeClient().status(of: nil)

        XCTAssertEqual(status, .signedIn)
        let confirmed = try await makeClient().appleConfirmedAt()
        XCTAssertEqual(confirmed, signedInAt, "when Apple last confirmed it, not now")
    }

    func testACredentialOfAnotherTeamIsTransferred() async throws {
        try await signInWithACode()
        let otherTeam = try AppleSigningKey(teamID: "ZZZ999YYYY", keyID: TestDeveloper.key.id, contentsOfFile: keyFile.path)
        let status = try await makeClient(signingKey: otherTeam).status(of: nil)
        XCTAssertEqual(status, .signedOut(.transferred))
    }

    // MARK: Deleting the account

    func testDeletingTheAccountRevokesAtAppleThenDeletes() async throws {
        try await signInWithACode()
        let deletion = try await makeClient().deleteAccount()
        XCTAssertEqual(deletion, .revokedAtApple)
        XCTAssertNil(try storedCredential())
        let requests = try await apple.requests()
        XCTAssertEqual(requests.revoke.map(\.status), [200])
        let again = try await makeClient().deleteAccount()
        XCTAssertEqual(again, .noCredential)
    }

    func testWhenAppleCannotBeReachedNothingIsDeleted() async throws {
        try await signInWithACode()
        apple.stop()

        let refused = await error { _ = try await makeClient().deleteAccount() }

        guard case .cannotReachApple = refused else { return XCTFail("\(String(describing: refused))") }
        XCTAssertNotNil(try storedCredential())
        let status = try await makeClient().status(of: nil)
        XCTAssertEqual(status, .signedIn)
    }

    // MARK: Server-to-server notifications

    func testConsentRevokedRevokesTheUsersCredential() async throws {
        try await signInWithACode()
        let body = try apple.notificationBody(type: "consent-revoked")

        let notification = try await makeClient().handleServerNotification(body)

        XCTAssertEqual(notification.event, .consentRevoked)
        XCTAssertEqual(notification.userID, TestToken.userID)
        XCTAssertTrue(notification.changedStoredCredential)
        let status = try await makeClient().status(of: nil)
        XCTAssertEqual(status, .signedOut(.revoked))
    }

    func testEmailForwardingIsRecordedAndAnotherUsersEventChangesNothing() async throws {
        try await signInWithACode()
        let disabled = try await makeClient().handleServerNotification(
            apple.notificationBody(type: "email-disabled", email: "ada@privaterelay.appleid.com", isPrivateEmail: true))
        XCTAssertEqual(disabled.event, .emailDisabled)
        XCTAssertEqual(disabled.isPrivateEmail, true)
        XCTAssertEqual(try storedCredential()?["emailForwarding"] as? Bool, false)
        let deleted = try await makeClient().handleServerNotification(
            apple.notificationBody(type: "account-delete", user: "000111.other.0001"))
        XCTAssertFalse(deleted.changedStoredCredential)
        XCTAssertEqual(deleted.effect, .noCredentialForUser)
        let status = try await makeClient().status(of: nil)
        XCTAssertEqual(status, .signedIn)
    }

    func testAForgedStaleOrForeignNotificationChangesNothing() async throws {
        try await signInWithACode()
        let forger = stateDirectory.deletingLastPathComponent().appendingPathComponent("forger.pem")
        try Data(TestKeys.rsa2.pkcs8PEM.utf8).write(to: forger)
        let cases: [(Data, AuthenticationError)] = [
            (
                try apple.notificationBody(type: "consent-revoked", forgedBy: (forger.path, TestDeveloper.appleKey.id)),
                .invalidNotification(.badSignature)
            ),
            (
                try apple.notificationBody(type: "consent-revoked", issuedSecondsAgo: 2 * 60 * 60, lifetime: 60 * 60),
                .invalidNotification(.stale)
            ),
            (Data(#"{"payload": "not.a.jws"}"#.utf8), .invalidNotification(.malformed)),
            (Data("[]".utf8), .invalidNotification(.malformed)),
        ]
        for (body, expected) in cases {
            let refused = await error { _ = try await makeClient().handleServerNotification(body) }
            XCTAssertEqual(refused, expected)
        }
        let foreign = await error {
            _ = try await makeClient(clientIDs: ["app.someone.else"]).handleServerNotification(
                apple.notificationBody(type: "consent-revoked"))
        }
        XCTAssertEqual(foreign, .invalidNotification(.wrongAudience))
        let status = try await makeClient().status(of: nil)
        XCTAssertEqual(status, .signedIn, "nothing changed")
    }
}

/// The local Apple refuses client secrets as Apple does, including the mistakes the client never makes.
final class LocalAppleSecretTests: XCTestCase {
    private var apple: AppleAuthServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        apple = try AppleAuthServer(keys: [TestDeveloper.appleKey], developer: true)
    }

    override func tearDownWithError() throws {
        apple?.stop()
        try super.tearDownWithError()
    }

    /// A client secret with `claims` changes, signed with the developer's key, its signature in DER when `der`.
    private func secret(der: Bool = false, lifetime: Int = 3600, keyID: String = TestDeveloper.key.id) -> String {
        let now = Int(Date().timeIntervalSince1970)
        let header = base64URL(try! JSONSerialization.data(withJSONObject: ["alg": "ES256", "kid": keyID]))
        let claims = base64URL(
            try! JSONSerialization.data(withJSONObject: [
                "iss": TestDeveloper.teamID, "iat": now, "exp": now + lifetime, "aud": "https://appleid.apple.com", "sub": "app.bistro.ios",
            ]))
        let raw = TestDeveloper.key.sign(Array("\(header).\(claims)".utf8))
        let signature = der ? SignatureCheck.derSignature(raw: raw)! : raw
        return "\(header).\(claims).\(base64URL(signature))"
    }

    private func exchange(secret: String) async throws -> (Int, String?) {
        let code = try apple.authorize()
        var request = URLRequest(url: apple.baseURL.appendingPathComponent("auth/token"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(
            AppleAuthAPI.formEncoded([
                "client_id": "app.bistro.ios", "client_secret": secret, "grant_type": "authorization_code", "code": code,
            ]).utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let error = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["error"] as? String
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, error)
    }

    func testADERSignatureAWrongKidAndASevenMonthSecretAreInvalidClient() async throws {
        let good = try await exchange(secret: secret())
        XCTAssertEqual(good.0, 200)
        for (name, bad) in [
            ("DER", secret(der: true)), ("kid", secret(keyID: "WRONGKEY01")), ("seven months", secret(lifetime: 7 * 30 * 24 * 3600)),
        ] {
            let refused = try await exchange(secret: bad)
            XCTAssertEqual(refused.0, 400, name)
            XCTAssertEqual(refused.1, "invalid_client", name)
        }
    }
}

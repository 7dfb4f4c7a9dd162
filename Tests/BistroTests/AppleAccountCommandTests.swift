import AuthTestSupport
import Foundation
import TestSupport
import XCTest

/// `bistro auth` with the developer's Sign in with Apple key, end to end against the local Apple:
/// a code exchanged for a refresh token, the status Apple confirms, the account deleted with its
/// tokens revoked, and Apple's server-to-server notifications applied.
final class AppleAccountCommandTests: BistroTestCase {
    private var apple: AppleAuthServer?

    // Synchronous: a process started from a Swift concurrency thread inherits its blocked signals.
    override func setUpWithError() throws {
        try super.setUpWithError()
        apple = try AppleAuthServer(keys: [TestDeveloper.appleKey], developer: true)
    }

    override func tearDownWithError() throws {
        apple?.stop()
        try super.tearDownWithError()
    }

    private var keyFile: String {
        get throws {
            let url = home.appendingPathComponent("AuthKey_\(TestDeveloper.key.id).p8")
            if !FileManager.default.fileExists(atPath: url.path) { try Data(TestDeveloper.key.pkcs8PEM.utf8).write(to: url) }
            return url.path
        }
    }

    /// `bistro auth ARGUMENTS` with the developer's team, key (or the `.p8` at `keyFile`) and client ids and the local Apple.
    private func auth(
        _ arguments: [String], input: Data? = nil, keyID: String = TestDeveloper.key.id, keyFile: String? = nil,
        clientIDs: [String] = TestDeveloper.clientIDs, appleAuthURL: String? = nil
    ) throws -> Run {
        try bistro(
            args: ["auth"] + arguments + [
                "--apple-auth-url", appleAuthURL ?? apple!.baseURL.absoluteString, "--apple-team-id", TestDeveloper.teamID,
                "--apple-key-id", keyID,
                "--apple-private-key", try keyFile ?? self.keyFile, "--client-id", clientIDs.joined(separator: ","),
            ], input: input)
    }

    private var credentialFile: URL { home.appendingPathComponent("state/bistro/apple-credential.json") }

    func testACodeSignsInAndTheStatusSaysWhenAppleConfirmedIt() throws {
        let code = try apple!.authorize()
        let signIn = try auth(["sign-in", "--authorization-code", "-"], input: Data((code + "\n").utf8))
        XCTAssertEqual(signIn.status, 0, signIn.standardError)
        XCTAssertEqual(signIn.standardOutput, "signed in as \(TestToken.userID)\n")

        let status = try auth(["status"])
        let lines = status.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "signed in as \(TestToken.userID)")
        XCTAssertTrue(lines.last?.hasPrefix("Apple last confirmed the sign-in at 20") ?? false, status.standardOutput)
        let stored = try String(contentsOf: credentialFile, encoding: .utf8)
        XCTAssertTrue(stored.contains("refreshToken"))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: credentialFile.path)[.posixPermissions] as? NSNumber, 0o600)

        let reused = try auth(["sign-in", "--authorization-code", code])
        XCTAssertEqual(reused.status, 1)
        XCTAssertEqual(
            reused.standardError,
            """
            bistro: error: could not sign in: Apple refused the code or token (invalid_grant: The code has already been used.): \
            an authorization code works once and for five minutes, and a revoked refresh token never again; sign in again.

            """)
    }

    func testAWrongKeyIDSaysWhatToFix() throws {
        let code = try apple!.authorize()
        let run = try auth(["sign-in", "--authorization-code", code], keyID: "WRONGKEY01")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.standardError,
            """
            bistro: error: could not sign in: Apple refused the client secret (invalid_client): check the team id, the key id and that \
            the .p8 key is the one it names, and that the first client id is registered for Sign in with Apple.

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: credentialFile.path))
    }

    func testAnAppleThatClosesTheConnectionIsSaidToGiveNoAnswerNotToBeUnreachable() throws {
        XCTAssertEqual(try auth(["sign-in", "--authorization-code", try apple!.authorize()]).status, 0)
        let hostile = try ScriptServer(script: "hostile-http-server.py")
        defer { hostile.stop() }
        let dropped = try auth(["delete-account"], appleAuthURL: hostile.baseURL.appendingPathComponent("drop").absoluteString)
        XCTAssertEqual(dropped.status, 1)
        XCTAssertEqual(
            dropped.standardError,
            "bistro: error: could not delete the account, and nothing was deleted: Apple gave no answer: the server took the "
                + "connection and closed it without answering. Try again later.\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: credentialFile.path), "nothing was deleted")
    }

    func testDeletingTheAccountRevokesAtAppleAndOfflineDeletesNothing() throws {
        XCTAssertEqual(try auth(["sign-in", "--authorization-code", try apple!.authorize()]).status, 0)
        let apple = self.apple!
        apple.stop()
        let offline = try auth(["delete-account"])
        XCTAssertEqual(offline.status, 1)
        XCTAssertTrue(
            offline.standardError.hasPrefix(
                "bistro: error: could not delete the account, and nothing was deleted: Apple gave no answer: could not connect: "),
            offline.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: credentialFile.path))

        self.apple = try AppleAuthServer(keys: [TestDeveloper.appleKey], developer: true)
        // A new Apple knows none of the old tokens; revoking an unknown token is still a 200, as Apple's is.
        let deleted = try auth(["delete-account"])
        XCTAssertEqual(deleted.status, 0, deleted.standardError)
        XCTAssertEqual(deleted.standardOutput, "Apple revoked the sign-in's tokens; the credential is deleted\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: credentialFile.path))
        XCTAssertEqual(try self.apple!.requestsWaiting().revoke.map(\.status), [200])
        XCTAssertEqual(try auth(["status"]).standardOutput, "signed out\n")
    }

    func testANotificationRevokesTheUserAndAForgedOneChangesNothing() throws {
        XCTAssertEqual(try auth(["sign-in", "--authorization-code", try apple!.authorize()]).status, 0)
        let forger = home.appendingPathComponent("forger.pem")
        try Data(TestKeys.rsa2.pkcs8PEM.utf8).write(to: forger)
        let forged = try apple!.notificationBody(type: "consent-revoked", forgedBy: (forger.path, TestDeveloper.appleKey.id))
        let refused = try auth(["notification", "-"], input: forged)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.standardError,
            "bistro: error: could not apply the notification: The notification was refused: it is not signed by one of Apple's keys.\n")
        XCTAssertTrue(try auth(["status"]).standardOutput.hasPrefix("signed in as"))

        let body = home.appendingPathComponent("notification.json")
        try apple!.notificationBody(type: "consent-revoked").write(to: body)
        let applied = try auth(["notification", body.path, "--json"])
        XCTAssertEqual(applied.status, 0, applied.standardError)
        let line = try JSONSerialization.jsonObject(with: Data(applied.standardOutput.utf8)) as? [String: Any]
        XCTAssertEqual(line?["type"] as? String, "consent-revoked")
        XCTAssertEqual(line?["userID"] as? String, TestToken.userID)
        XCTAssertEqual(line?["changedStoredCredential"] as? Bool, true)
        XCTAssertEqual(try auth(["status"]).standardOutput, "signed out: the user stopped using Sign in with Apple for this app\n")
    }

    func testTheStatusSaysWhenAppleLastCouldNotBeAskedAndAsksNoMoreWithinTheHour() throws {
        XCTAssertEqual(try auth(["sign-in", "--authorization-code", try apple!.authorize()]).status, 0)
        // Confirmed two days ago, as far as the credential knows: a check is due.
        var stored = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: credentialFile)) as? [String: Any])
        let confirmed = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 2 * 24 * 60 * 60).rounded())
        stored["appleConfirmedAt"] = confirmed.timeIntervalSince1970
        try JSONSerialization.data(withJSONObject: stored).write(to: credentialFile)

        // Apple refuses the key (invalid_client): no answer about the user.
        let status = try auth(["status"], keyID: "WRONGKEY01")

        XCTAssertEqual(status.status, 0, status.standardError)
        let lines = status.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, status.standardOutput)
        XCTAssertEqual(lines.first, "signed in as \(TestToken.userID)")
        XCTAssertEqual(lines.dropFirst(2).first, "Apple last confirmed the sign-in at \(confirmed.formatted(.iso8601))")
        XCTAssertTrue(lines.last?.hasPrefix("Apple last could not be asked at 20") ?? false, status.standardOutput)
        XCTAssertTrue(lines.last?.contains("; the next check is after 20") ?? false, status.standardOutput)
        let again = try auth(["status"], keyID: "WRONGKEY01")
        XCTAssertEqual(again.standardOutput, status.standardOutput, "nobody asked, nothing changed")
        XCTAssertEqual(try apple!.requestsWaiting().token.map(\.grantType), ["authorization_code", "refresh_token"])
    }

    func testARedeliveredNotificationSaysItWasAlreadyApplied() throws {
        XCTAssertEqual(try auth(["sign-in", "--authorization-code", try apple!.authorize()]).status, 0)
        let body = home.appendingPathComponent("notification.json")
        try apple!.notificationBody(type: "email-disabled", email: "ada@privaterelay.appleid.com").write(to: body)

        let first = try auth(["notification", body.path])
        let second = try auth(["notification", body.path])
        let json = try auth(["notification", body.path, "--json"])

        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertTrue(first.standardOutput.hasSuffix(": the stored credential is updated\n"), first.standardOutput)
        XCTAssertEqual(second.status, 0, second.standardError)
        XCTAssertTrue(second.standardOutput.hasPrefix("email-disabled for \(TestToken.userID) at 20"), second.standardOutput)
        XCTAssertTrue(second.standardOutput.hasSuffix(": already applied; nothing changed\n"), second.standardOutput)
        let line = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        XCTAssertEqual(line?["effect"] as? String, "already-applied")
        XCTAssertEqual(line?["changedStoredCredential"] as? Bool, false)

        // What `auth status` says of the relay: Apple's word, with when the user changed it.
        let status = try auth(["status"])
        XCTAssertEqual(status.status, 0, status.standardError)
        let lines = status.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.dropFirst().first, "e-mail: ada@privaterelay.appleid.com (Apple's private relay)")
        XCTAssertTrue(
            lines.dropFirst(2).first?.hasPrefix("the private relay does not forward e-mail since 20") ?? false, status.standardOutput)
    }

    func testACodeOfTheWebFlowIsExchangedUnderItsServicesID() throws {
        let web = TestDeveloper.clientIDs[1]
        // The first --client-id is the web flow's Services ID: a code alone is exchanged under it.
        let alone = try auth(
            ["sign-in", "--authorization-code", try apple!.authorize(clientID: web)], clientIDs: [web, TestDeveloper.clientIDs[0]])
        XCTAssertEqual(alone.status, 0, alone.standardError)

        // With its identity token, the token's audience says whom the code was issued to.
        var token = TestToken(key: TestDeveloper.appleKey, now: Date())
        token.claims["aud"] = web
        let tokenFile = home.appendingPathComponent("web-token.jwt")
        try Data(token.signed(by: TestDeveloper.appleKey).utf8).write(to: tokenFile)
        let withToken = try auth([
            "sign-in", "--authorization-code", try apple!.authorize(clientID: web), "--identity-token", tokenFile.path,
        ])
        XCTAssertEqual(withToken.status, 0, withToken.standardError)
        XCTAssertEqual(withToken.standardOutput, "signed in as \(TestToken.userID)\n")

        let deleted = try auth(["delete-account"])
        XCTAssertEqual(deleted.status, 0, deleted.standardError)
        let requests = try apple!.requestsWaiting()
        XCTAssertEqual(requests.token.map(\.clientId), [web, web])
        XCTAssertEqual(requests.token.map(\.status), [200, 200])
        XCTAssertEqual(requests.revoke.map(\.clientId), [web])
        XCTAssertEqual(requests.revoke.map(\.revoked), [true])
    }

    func testAnUnusableKeyFileIsAUsageErrorThatNamesItAndNeverShowsIt() throws {
        let rsa = home.appendingPathComponent("rsa.p8")
        try Data(TestKeys.rsa1.pkcs8PEM.utf8).write(to: rsa)
        let text = home.appendingPathComponent("notes.txt")
        try Data("my key is somewhere\n".utf8).write(to: text)
        let missing = home.appendingPathComponent("AuthKey_MISSING.p8")
        let cases = [
            (rsa.path, "the Sign in with Apple key file \(rsa.path) is not a P-256 key"),
            (text.path, "the Sign in with Apple key file \(text.path) is not PEM (a .p8 key starts with -----BEGIN PRIVATE KEY-----)"),
            (missing.path, "the Sign in with Apple key file \(missing.path) does not exist"),
        ]
        for (path, sentence) in cases {
            let run = try bistro(
                "auth", "status", "--apple-team-id", TestDeveloper.teamID, "--apple-key-id", TestDeveloper.key.id, "--apple-private-key",
                path)
            XCTAssertEqual(run.status, 2, path)
            XCTAssertEqual(run.standardError, "bistro: error: \(sentence)\ntry 'bistro --help' for usage\n")
        }
        let partial = try bistro("auth", "status", "--apple-team-id", TestDeveloper.teamID)
        XCTAssertEqual(partial.status, 2)
        XCTAssertTrue(
            partial.standardError.hasPrefix(
                "bistro: error: a Sign in with Apple key needs --apple-key-id and --apple-private-key as well\n"),
            partial.standardError)
        let secret = String(TestKeys.rsa1.pkcs8PEM.dropFirst(40).prefix(30))
        let run = try bistro(
            "auth", "status", "--apple-team-id", TestDeveloper.teamID, "--apple-key-id", TestDeveloper.key.id, "--apple-private-key",
            rsa.path)
        XCTAssertFalse(run.standardError.contains(secret), "the key's bytes never appear")
    }

    func testAKeyWhosePrivateScalarIsOutOfRangeIsAUsageErrorAndReachesNoOne() throws {
        let order = HandBuiltP256Key.order
        let scalars: [(String, [UInt8])] = [
            ("zero", [UInt8](repeating: 0, count: 32)), ("order", order), ("order-plus-one", Array(order.dropLast()) + [order[31] + 1]),
            ("largest", [UInt8](repeating: 0xFF, count: 32)),
        ]
        for (name, scalar) in scalars {
            let pem = HandBuiltP256Key.pkcs8PEM(scalar: scalar)
            let file = home.appendingPathComponent("AuthKey_\(name).p8")
            try Data(pem.utf8).write(to: file)
            let code = try apple!.authorize()

            let run = try auth(["sign-in", "--authorization-code", code], keyFile: file.path)

            XCTAssertEqual(run.status, 2, name)
            XCTAssertEqual(
                run.standardError,
                """
                bistro: error: the Sign in with Apple key file \(file.path) holds no usable P-256 private key: its private scalar is 0 \
                or not below the curve's order
                try 'bistro --help' for usage

                """, name)
            XCTAssertFalse(run.standardError.contains(pem.split(separator: "\n")[1].prefix(24)), "the key's bytes never appear")
        }
        XCTAssertEqual(try apple!.requestsWaiting().token.count, 0, "no client secret made with such a key reached Apple")
        XCTAssertFalse(FileManager.default.fileExists(atPath: credentialFile.path))
    }
}

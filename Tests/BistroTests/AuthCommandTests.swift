import AuthTestSupport
import Foundation
import TestSupport
import XCTest

/// `bistro auth sign-in|status|sign-out` end to end: tokens signed by a test key, verified by the
/// live client against a local key set server.
final class AuthCommandTests: BistroTestCase {
    private var server: AppleAuthServer?

    // Synchronous: a process started from a Swift concurrency thread inherits its blocked signals,
    // and the server would then never see SIGTERM.
    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try AppleAuthServer(keys: [TestKeys.rsa1, TestKeys.p256])
    }

    override func tearDownWithError() throws {
        server?.stop()
        try super.tearDownWithError()
    }

    private var keysURL: String { server!.keySetURL.absoluteString }

    private var stateDirectory: URL { home.appendingPathComponent("state/bistro") }

    private var credentialFile: URL { stateDirectory.appendingPathComponent("apple-credential.json") }

    /// A valid token for the test user, signed by `rsa-1`, changed by `change` before signing.
    private func token(signedBy key: TestKey = TestKeys.rsa1, _ change: (inout TestToken) -> Void = { _ in }) -> String {
        var token = TestToken(key: TestKeys.rsa1, now: Date())
        change(&token)
        return token.signed(by: key)
    }

    /// `token` in a file of the temporary HOME.
    private func file(holding token: String) throws -> String {
        let url = home.appendingPathComponent("token-\(UUID().uuidString).jwt")
        try Data((token + "\n").utf8).write(to: url)
        return url.path
    }

    private func auth(_ arguments: String..., input: Data? = nil) throws -> Run {
        try bistro(args: ["auth"] + arguments + ["--apple-keys-url", keysURL], input: input)
    }

    private func assertNotLeaked(_ token: String, in runs: [Run], file: StaticString = #filePath, line: UInt = #line) {
        let signature = String(token.split(separator: ".").last ?? "")
        for run in runs {
            XCTAssertFalse(run.standardOutput.contains(signature), "token on stdout", file: file, line: line)
            XCTAssertFalse(run.standardError.contains(signature), "token on stderr", file: file, line: line)
        }
    }

    func testSignInStatusSignOut() throws {
        let token = token()
        let signIn = try auth("sign-in", "--identity-token", try file(holding: token))
        XCTAssertEqual(signIn.status, 0, signIn.standardError)
        XCTAssertEqual(signIn.standardOutput, "signed in as \(TestToken.userID)\n")
        XCTAssertEqual(signIn.standardError, "")

        let status = try auth("status")
        XCTAssertEqual(status.status, 0, status.standardError)
        XCTAssertEqual(
            status.standardOutput, "signed in as \(TestToken.userID)\ne-mail: ada@privaterelay.appleid.com (Apple's private relay)\n")

        let signOut = try auth("sign-out")
        XCTAssertEqual(signOut.status, 0, signOut.standardError)
        XCTAssertEqual(signOut.standardOutput, "signed out\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: credentialFile.path))

        let after = try auth("status")
        XCTAssertEqual(after.status, 1, "a script can test it: \(after.standardError)")
        XCTAssertEqual(after.standardOutput, "signed out\n")
        XCTAssertEqual(after.standardError, "", "not an error: an answer")
        assertNotLeaked(token, in: [signIn, status, signOut, after])
    }

    func testTheCredentialIsPrivate() throws {
        let token = token()
        let signIn = try auth("sign-in", "--identity-token", try file(holding: token))
        XCTAssertEqual(signIn.status, 0, signIn.standardError)
        let files = FileManager.default
        let fileMode = (try files.attributesOfItem(atPath: credentialFile.path)[.posixPermissions] as? NSNumber)?.intValue
        let directoryMode = (try files.attributesOfItem(atPath: stateDirectory.path)[.posixPermissions] as? NSNumber)?.intValue
        XCTAssertEqual(fileMode, 0o600)
        XCTAssertEqual(directoryMode, 0o700)
    }

    func testABadSignatureIsRefusedAndNothingIsStored() throws {
        // Names rsa-1 but is signed by rsa-2.
        let token = token(signedBy: TestKeys.rsa2)
        let signIn = try auth("sign-in", "--identity-token", try file(holding: token))
        XCTAssertEqual(signIn.status, 1)
        XCTAssertEqual(signIn.standardOutput, "")
        XCTAssertEqual(
            signIn.standardError, "bistro: error: could not sign in: The sign-in was refused: the identity token's signature is wrong.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: credentialFile.path))
        XCTAssertEqual(try auth("status").standardOutput, "signed out\n")
        assertNotLeaked(token, in: [signIn])
    }

    func testAnExpiredTokenIsRefused() throws {
        let now = Int(Date().timeIntervalSince1970)
        let token = token {
            $0.claims["iat"] = now - 7200
            $0.claims["exp"] = now - 3600
        }
        let signIn = try auth("sign-in", "--identity-token", try file(holding: token))
        XCTAssertEqual(signIn.status, 1)
        XCTAssertEqual(signIn.standardError, "bistro: error: could not sign in: The sign-in was refused: the identity token has expired.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: credentialFile.path))
    }

    func testTheTokenFromStandardInputWithItsNonce() throws {
        let nonce = "k3J8-raw-nonce-from-the-app"
        // hex(SHA-256(raw nonce)), computed independently with Python's hashlib.
        let token = token { $0.claims["nonce"] = "1759ca2ed009ba88008793b47ac715a2b2b34b2896a02840aaaf67b1e54e1905" }
        let signIn = try auth("sign-in", "--identity-token", "-", "--nonce", nonce, input: Data(token.utf8))
        XCTAssertEqual(signIn.status, 0, signIn.standardError)
        XCTAssertEqual(signIn.standardOutput, "signed in as \(TestToken.userID)\n")

        XCTAssertEqual(try auth("sign-out").status, 0)
        let wrongNonce = try auth("sign-in", "--identity-token", "-", "--nonce", "another", input: Data(token.utf8))
        XCTAssertEqual(wrongNonce.status, 1)
        XCTAssertTrue(wrongNonce.standardError.hasPrefix("bistro: error: could not sign in: "), wrongNonce.standardError)
        assertNotLeaked(token, in: [signIn, wrongNonce])
    }

    func testTheHelpSaysWhatTheNonceIs() throws {
        let help = try bistro("auth", "sign-in", "--help")
        XCTAssertEqual(help.status, 0, help.standardError)
        // The option's row and the lines its text wraps onto, joined again.
        let lines = help.standardOutput.split(separator: "\n").map(String.init)
        let start = lines.firstIndex { $0.contains("--nonce N") } ?? lines.endIndex
        let row = lines[start...].prefix { $0 == lines[start] || $0.hasPrefix("     ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        XCTAssertTrue(row.contains("the raw nonce the app generated"), row)
        XCTAssertTrue(row.contains("SHA-256"), row)
    }

    func testARawNonceInTheTokenAsAWebFlowSendsIt() throws {
        let nonce = "k3J8-raw-nonce-from-the-app"
        let token = token { $0.claims["nonce"] = nonce }
        let signIn = try auth("sign-in", "--identity-token", "-", "--nonce", nonce, input: Data(token.utf8))
        XCTAssertEqual(signIn.status, 0, signIn.standardError)
        XCTAssertEqual(signIn.standardOutput, "signed in as \(TestToken.userID)\n")
    }

    func testOfflineItCannotVerifyNow() throws {
        let token = token()
        let signIn = try bistro(
            "auth", "sign-in", "--identity-token", try file(holding: token),
            "--apple-keys-url", "http://127.0.0.1:\(unusedLocalPort())/auth/keys")
        XCTAssertEqual(signIn.status, 1)
        XCTAssertTrue(signIn.standardError.hasPrefix("bistro: error: cannot verify now: "), signIn.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: credentialFile.path))
    }

    func testAnotherClientIDIsRefused() throws {
        let token = token()
        let signIn = try bistro(
            "auth", "sign-in", "--identity-token", try file(holding: token), "--apple-keys-url", keysURL,
            "--client-id", "com.example.other")
        XCTAssertEqual(signIn.status, 1)
        XCTAssertEqual(
            signIn.standardError, "bistro: error: could not sign in: The sign-in was refused: the identity token is for another app.\n")
    }

    func testFakeSignIn() throws {
        let signIn = try bistro("--fake", "auth", "sign-in", "--identity-token", try file(holding: token()))
        XCTAssertEqual(signIn.status, 0, signIn.standardError)
        XCTAssertEqual(signIn.standardOutput, "signed in as \(TestToken.userID)\n")

        let opaque = try bistro(args: ["--fake", "auth", "sign-in", "--identity-token", "-"], input: Data("anything".utf8))
        XCTAssertEqual(opaque.standardOutput, "signed in as fake-user\n")
        // The fake keeps nothing on disk: each run starts signed out.
        XCTAssertEqual(try bistro("--fake", "auth", "status").standardOutput, "signed out\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: credentialFile.path))

        let empty = try bistro(args: ["--fake", "auth", "sign-in", "--identity-token", "-"], input: Data("\n".utf8))
        XCTAssertEqual(empty.status, 1)
        XCTAssertEqual(empty.standardError, "bistro: error: the identity token from 'standard input' is empty\n")
    }

    func testUsageErrors() throws {
        let missing = try bistro("auth", "sign-in")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(
            missing.standardError,
            "bistro: error: give --identity-token FILE|- or --authorization-code CODE|-\ntry 'bistro auth sign-in --help' for usage\n")
        let twice = try bistro("auth", "sign-in", "--identity-token", "-", "--authorization-code", "-")
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(
            twice.standardError.hasPrefix("bistro: error: only one of --identity-token and --authorization-code can read standard input\n"),
            twice.standardError)

        let group = try bistro("auth")
        XCTAssertEqual(group.status, 0, "a group run without a subcommand prints its help")
        XCTAssertEqual(group.standardOutput, try bistro("auth", "--help").standardOutput)

        let badURL = try bistro("auth", "status", "--apple-keys-url", "ftp://example.com/keys")
        XCTAssertEqual(badURL.status, 2)

        for path in [
            ["auth"], ["auth", "sign-in"], ["auth", "status"], ["auth", "sign-out"], ["auth", "delete-account"], ["auth", "notification"],
        ] {
            let help = try bistro(args: path + ["--help"])
            XCTAssertEqual(help.status, 0, "\(path)")
            XCTAssertTrue(help.standardOutput.hasPrefix("usage: bistro \(path.joined(separator: " "))"), help.standardOutput)
        }
        XCTAssertTrue(try bistro("--help").standardOutput.contains("  --apple-keys-url URL "))
    }
}

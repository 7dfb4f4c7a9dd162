import AuthInterface
import AuthLive
import AuthTestSupport
import Foundation
import TestSupport
import XCTest

/// A test case with a fresh key set server (publishing `rsa-1` and `ec-1`), a fresh state
/// directory and a hand-moved clock per test.
class LiveClientTestCase: XCTestCase {
    private(set) var server: AppleAuthServer!
    private(set) var stateDirectory: URL!
    let clock = TestClock()
    /// Every line the clients logged.
    let logged = AppendLog<String>()

    // Synchronous set-up and tear-down run on the main thread: a process spawned from a Swift
    // concurrency thread inherits its blocked signals.
    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try AppleAuthServer(keys: [TestKeys.rsa1, TestKeys.p256])
        stateDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("auth-tests-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("state/bistro", isDirectory: true)
    }

    override func tearDownWithError() throws {
        server?.stop()
        if let stateDirectory {
            try? FileManager.default.removeItem(at: stateDirectory.deletingLastPathComponent().deletingLastPathComponent())
        }
        try super.tearDownWithError()
    }

    /// A configuration for the test server (or `keySetURL`), the test clock and the state directory.
    func configuration(keySetURL: URL? = nil) -> LiveAuthenticationConfiguration {
        let clock = self.clock
        let logged = self.logged
        return LiveAuthenticationConfiguration(
            clientIDs: ["app.bistro.web", TestToken.clientID],
            keySetURL: keySetURL ?? server.keySetURL,
            stateDirectory: stateDirectory,
            requestTimeout: 5,
            now: { clock.now },
            log: { line in logged.append(line) })
    }

    /// A live client; a new one stands for a new process (nothing in memory, the same files).
    func makeClient(keySetURL: URL? = nil) -> LiveAuthenticationClient {
        LiveAuthenticationClient(configuration: configuration(keySetURL: keySetURL))
    }

    /// A key set URL where nothing listens: the client is offline.
    var offlineKeySetURL: URL { URL(string: "http://127.0.0.1:\(unusedLocalPort())/auth/keys")! }

    /// A valid token's parts for `key`, to change before signing.
    func token(_ key: TestKey = TestKeys.rsa1) -> TestToken {
        TestToken(key: key, now: clock.now)
    }

    /// A response carrying `identityToken` for the test user.
    func response(_ identityToken: String, nonce: String? = nil) -> AppleAuthenticationResponse {
        AppleAuthenticationResponse(
            userID: TestToken.userID, identityToken: identityToken, authorizationCode: "c.0.test-code",
            email: "ada@privaterelay.appleid.com", fullName: "Ada Lovelace", nonce: nonce)
    }

    /// Why `token` is refused (by `client`, else a new client), or nil when it is accepted.
    func refusal(
        of token: String, client: LiveAuthenticationClient? = nil, nonce: String? = nil
    ) async -> AuthenticationError? {
        await Self.refusal(of: token, client: client ?? makeClient(), nonce: nonce)
    }

    /// Why `client` refuses `token` for the test user, or nil when it accepts it.
    static func refusal(of token: String, client: LiveAuthenticationClient, nonce: String? = nil) async -> AuthenticationError? {
        do {
            _ = try await client.verifyIdentityToken(token, rawNonce: nonce, expectedSubject: TestToken.userID)
            return nil
        } catch {
            return error
        }
    }

    /// The permission bits of the file or directory at `url`.
    func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}

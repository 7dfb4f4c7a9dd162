import AuthInterface
import AuthTestSupport
import Foundation
import TestSupport
import XCTest

@testable import AuthLive

/// A test case with a fresh local Apple for `TestDeveloper` (token and revoke endpoints, the key
/// set, notifications), the developer's `.p8` in a fresh directory, and a clock per test.
class AppleServerTestCase: XCTestCase {
    private(set) var apple: AppleAuthServer!
    private(set) var stateDirectory: URL!
    private(set) var keyFile: URL!
    /// Real time when the test starts (the local Apple dates its tokens and judges secrets by its
    /// clock); both clocks are moved together.
    private(set) var clock: TestClock!
    /// Every line the clients logged.
    let logged = AppendLog<String>()

    // Synchronous set-up and tear-down run on the main thread: a process spawned from a Swift
    // concurrency thread inherits its blocked signals.
    override func setUpWithError() throws {
        try super.setUpWithError()
        apple = try AppleAuthServer(keys: [TestDeveloper.appleKey], developer: true)
        clock = TestClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded()))
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("apple-side-\(UUID().uuidString)/bistro")
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        keyFile = stateDirectory.deletingLastPathComponent().appendingPathComponent("AuthKey_\(TestDeveloper.key.id).p8")
        try Data(TestDeveloper.key.pkcs8PEM.utf8).write(to: keyFile)
    }

    override func tearDownWithError() throws {
        apple?.stop()
        if let stateDirectory { try? FileManager.default.removeItem(at: stateDirectory.deletingLastPathComponent()) }
        try super.tearDownWithError()
    }

    /// The developer's key, under `keyID` (a wrong one makes Apple refuse every request).
    func signingKey(keyID: String = TestDeveloper.key.id) throws -> AppleSigningKey {
        try AppleSigningKey(teamID: TestDeveloper.teamID, keyID: keyID, contentsOfFile: keyFile.path)
    }

    /// A client of the local Apple with the developer's key; a new one stands for a new process.
    func makeClient(signingKey: AppleSigningKey? = nil, withoutKey: Bool = false, clientIDs: [String] = TestDeveloper.clientIDs)
        throws -> LiveAuthenticationClient
    {
        let clock = self.clock!
        let logged = self.logged
        return LiveAuthenticationClient(
            configuration: LiveAuthenticationConfiguration(
                clientIDs: clientIDs, appleAuthURL: apple.baseURL, signingKey: withoutKey ? nil : try signingKey ?? self.signingKey(),
                stateDirectory: stateDirectory, requestTimeout: 5, now: { clock.now }, log: { logged.append($0) }))
    }

    /// Moves the client's clock and the local Apple's together.
    func advance(by seconds: TimeInterval) throws {
        clock.advance(by: seconds)
        try apple.advanceClock(by: seconds)
    }

    /// What the platform hands over for `code`: no user id (the token's subject is the user).
    func codeResponse(_ code: String, identityToken: String? = nil, nonce: String? = nil) -> AppleAuthenticationResponse {
        AppleAuthenticationResponse(userID: "", identityToken: identityToken, authorizationCode: code, nonce: nonce)
    }

    var credentialFile: URL { stateDirectory.appendingPathComponent("apple-credential.json") }

    /// The credential file's JSON, nil when there is none.
    func storedCredential() throws -> [String: Any]? {
        guard let data = try? Data(contentsOf: credentialFile) else { return nil }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// Signs the test user in with a fresh code, with `client` or a new one.
    func signInWithACode(_ client: LiveAuthenticationClient? = nil) async throws {
        let code = try apple.authorize()
        try await (client ?? makeClient()).signIn(codeResponse(code))
    }

    /// The error `body` threw, nil when it returned.
    func error(of body: () async throws -> Void) async -> AuthenticationError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? AuthenticationError
        }
    }

    /// The refresh token validations the local Apple answered, in order.
    func refreshChecks() async throws -> [AppleAuthServer.Requests.Exchange] {
        try await apple.requests().token.filter { $0.grantType == "refresh_token" }
    }
}

import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The developer account a test plays: a team, its Sign in with Apple key (a P-256 `.p8`), and the
/// client ids registered for it; with the key Apple signs identity tokens and notifications with.
public enum TestDeveloper {
    /// The Team ID.
    public static let teamID = "DEF123GHIJ"
    /// The developer's Sign in with Apple key, its id Apple's 10 characters.
    public static let key = TestKey.p256(id: "ABC123DEFG")
    /// The client ids: the App ID first (codes are exchanged for it), then the web Services ID.
    public static let clientIDs = ["app.bistro.ios", "app.bistro.web"]
    /// The key Apple signs identity tokens and notifications with (it is in the key set).
    public static var appleKey: TestKey { TestKeys.rsa1 }
}

/// `Scripts/apple-auth-server.py` on 127.0.0.1 with a port of its choosing: Apple's key set, and
/// with `developer` its token and revoke endpoints for `TestDeveloper`'s team, driven through its
/// `/__control/` endpoints.
public final class AppleAuthServer: Sendable {
    private let server: ScriptServer
    /// The server's base URL: what `--apple-auth-url` names.
    public var baseURL: URL { server.baseURL }

    /// The key set URL, for the client's configuration.
    public var keySetURL: URL { baseURL.appendingPathComponent("auth/keys") }

    /// Starts the server publishing `keys`, and with `developer` true also checking client secrets
    /// of `TestDeveloper` and signing with `TestDeveloper.appleKey`; returns once it listens.
    public init(keys: [TestKey], developer: Bool = false, codeLifetime: Int? = nil) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apple-auth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The server reads its files once, at start.
        defer { try? FileManager.default.removeItem(at: directory) }
        let keySet = directory.appendingPathComponent("jwks.json")
        try JSONSerialization.data(withJSONObject: ["keys": keys.map(\.jwk)]).write(to: keySet)
        var arguments = ["--keys", keySet.path]
        if developer {
            let signing = directory.appendingPathComponent("apple.pem")
            try Data(TestDeveloper.appleKey.pkcs8PEM.utf8).write(to: signing)
            let client = directory.appendingPathComponent("developer.pub.pem")
            try Data(TestDeveloper.key.publicKeyPEM.utf8).write(to: client)
            arguments += [
                "--signing-key", signing.path, "--signing-key-id", TestDeveloper.appleKey.id, "--team-id", TestDeveloper.teamID,
                "--key-id", TestDeveloper.key.id, "--client-key", client.path,
            ]
            arguments += TestDeveloper.clientIDs.flatMap { ["--client-id", $0] }
            if let codeLifetime { arguments += ["--code-lifetime", "\(codeLifetime)"] }
        }
        server = try ScriptServer(script: "apple-auth-server.py", arguments: arguments)
    }

    /// Stops the server and waits for it to exit: from then on Apple is unreachable.
    public func stop() {
        server.stop()
    }

    /// Publishes `keys` (replacing the set: a rotation).
    public func publish(_ keys: [TestKey]) async throws {
        try await server.control("keys", ["keys": keys.map(\.jwk)])
    }

    /// Publishes raw JWK objects.
    public func publish(jwks: [[String: String]]) async throws {
        try await server.control("keys", ["keys": jwks])
    }

    /// Answers key set requests with `status` (and `body` when given) until `serveKeys()`.
    public func answer(status: Int, body: String? = nil) async throws {
        var answer: [String: any Sendable] = ["status": status]
        if let body { answer["body"] = body }
        try await server.control("answer", answer)
    }

    /// Serves the key set again.
    public func serveKeys() async throws {
        try await server.control("answer", [:])
    }

    /// How many key set requests arrived.
    public func keySetRequestCount() async throws -> Int {
        try await requests().count
    }

    /// An authorization code for `user`, as Apple's sheet hands the app one (blocking: the app's
    /// tests run it between child processes). `nonce` is what the app gave Apple (an iOS app gives
    /// the SHA-256 of its raw nonce); `nonceSupported` (a `Bool`, or the string "true" or "false")
    /// is the id_token's `nonce_supported` as given, and false drops the nonce, as an older device does.
    public func authorize(
        user: String = TestToken.userID, email: String? = "ada@privaterelay.appleid.com", nonce: String? = nil,
        redirectURI: String? = nil, clientID: String? = nil, nonceSupported: (any Sendable)? = nil
    ) throws -> String {
        var body: [String: any Sendable] = ["user": user]
        body["email"] = email
        body["nonce"] = nonce
        body["redirectUri"] = redirectURI
        body["clientId"] = clientID
        body["nonceSupported"] = nonceSupported
        struct Code: Decodable { let code: String }
        return try JSONDecoder().decode(Code.self, from: server.controlAnswer("authorize", body)).code
    }

    /// Revokes every refresh token of `user`, as the user stopping the app's use of Sign in with
    /// Apple in their Apple Account's settings does.
    public func revokeUser(_ user: String = TestToken.userID) throws {
        _ = try server.controlAnswer("revoke-user", ["user": user])
    }

    /// Answers refresh token validations with an id_token (the default, as Apple documents) or
    /// without one (as Apple is reported to answer).
    public func answerRefreshes(withIdentityToken: Bool) throws {
        _ = try server.controlAnswer("refresh-answer", ["idToken": withIdentityToken])
    }

    /// The body Apple POSTs to an app's notification endpoint for `type` about `user`, signed with
    /// Apple's key, or with `forgedBy` (a PEM private key file and its kid) to forge one. The event
    /// happened `eventSecondsAgo` (else when it was issued) or at `eventTime` (milliseconds since
    /// the epoch); the payload expires `lifetime` seconds after it was issued (Apple's day by
    /// default) and has no `jti` with `omitJTI`.
    public func notificationBody(
        type: String, user: String = TestToken.userID, clientID: String? = nil, email: String? = nil, isPrivateEmail: Bool? = nil,
        issuedSecondsAgo: Int = 0, eventSecondsAgo: Int? = nil, eventTime: Int? = nil, lifetime: Int? = nil, omitJTI: Bool = false,
        forgedBy: (path: String, keyID: String)? = nil
    ) throws -> Data {
        var body: [String: any Sendable] = ["type": type, "user": user, "iatOffset": -issuedSecondsAgo, "omitJti": omitJTI]
        body["clientId"] = clientID
        body["email"] = email
        body["isPrivateEmail"] = isPrivateEmail
        body["eventTimeOffset"] = eventSecondsAgo.map { -$0 }
        body["eventTime"] = eventTime
        body["lifetime"] = lifetime
        if let forgedBy {
            body["signingKey"] = forgedBy.path
            body["signingKeyId"] = forgedBy.keyID
        }
        struct Answer: Decodable { let body: String }
        return Data(try JSONDecoder().decode(Answer.self, from: server.controlAnswer("notification", body)).body.utf8)
    }

    /// Moves the server's clock `seconds` ahead, as a test moves its client's.
    public func advanceClock(by seconds: TimeInterval) throws {
        _ = try server.controlAnswer("clock", ["advance": seconds])
    }

    /// What the server recorded.
    public struct Requests: Decodable, Sendable {
        /// One request to `/auth/token` or `/auth/revoke`.
        public struct Exchange: Decodable, Sendable {
            /// The grant type (token requests).
            public let grantType: String?
            /// The client id.
            public let clientId: String?
            /// The status it was answered with.
            public let status: Int
            /// Apple's error code, nil for a success.
            public let error: String?
            /// Whether a token was revoked (revoke requests).
            public let revoked: Bool?
        }

        /// Key set requests.
        public let count: Int
        /// Every `/auth/token` request, in order.
        public let token: [Exchange]
        /// Every `/auth/revoke` request, in order.
        public let revoke: [Exchange]
        /// Refresh token validations per user.
        public let refreshValidations: [String: Int]
    }

    /// What the server recorded so far.
    public func requests() async throws -> Requests {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__control/requests"))
        return try JSONDecoder().decode(Requests.self, from: data)
    }

    /// What the server recorded so far, blocking until it arrives.
    public func requestsWaiting() throws -> Requests {
        try JSONDecoder().decode(Requests.self, from: server.getWaiting("__control/requests"))
    }
}

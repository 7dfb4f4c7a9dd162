import AuthInterface
import Foundation
import Networking

/// Apple's Sign in with Apple REST endpoints for one team: `/auth/token` (exchange an authorization
/// code, validate a refresh token) and `/auth/revoke`, each a form POST carrying a client id and
/// a client secret for it signed with the developer's key. Each client's secret is cached while it
/// has more than an hour left.
actor AppleAuthAPI {
    /// How long a client secret is made for: a day, far inside Apple's six months, so that a secret
    /// that leaks with a log or a crash report is soon worthless.
    static let secretLifetime: TimeInterval = 24 * 60 * 60
    /// Apple's answers are small; anything far larger is not one.
    static let maximumAnswerSize = 64 * 1024

    private let baseURL: URL
    private let key: AppleSigningKey
    private let redirectURI: String?
    private let timeout: TimeInterval
    private let transport: HTTPClient
    private let now: @Sendable () -> Date
    private let log: Log
    private var secrets: [String: ClientSecret] = [:]

    init(
        baseURL: URL, key: AppleSigningKey, redirectURI: String?, timeout: TimeInterval,
        transport: HTTPClient = HTTPClient(), now: @escaping @Sendable () -> Date, log: Log
    ) {
        self.baseURL = baseURL
        self.key = key
        self.redirectURI = redirectURI
        self.timeout = timeout
        self.transport = transport
        self.now = now
        self.log = log
    }

    /// The tokens for an authorization code issued to `clientID` (`grant_type=authorization_code`);
    /// the answer always has an identity token, which names the user.
    func exchange(code: String, clientID: String) async throws(AuthenticationError) -> AppleTokenResponse {
        var form = ["grant_type": "authorization_code", "code": code]
        form["redirect_uri"] = redirectURI
        let response = try await tokens(form, clientID: clientID)
        guard response.identityToken != nil else {
            throw .cannotReachApple(reason: "Apple's answer for an authorization code has no identity token")
        }
        return response
    }

    /// Apple's confirmation that it still honours a refresh token issued to `clientID`
    /// (`grant_type=refresh_token`): an access token, and an identity token when Apple sends one;
    /// throws `.appleRefused(.invalidGrant)` once it is revoked.
    func validate(refreshToken: String, clientID: String) async throws(AuthenticationError) -> AppleTokenResponse {
        let response = try await tokens(["grant_type": "refresh_token", "refresh_token": refreshToken], clientID: clientID)
        guard response.accessToken != nil else {
            throw .cannotReachApple(reason: "Apple's answer for a refresh token has no access token")
        }
        return response
    }

    /// Revokes `refreshToken` and what was issued with it (`/auth/revoke`).
    func revoke(refreshToken: String, clientID: String) async throws(AuthenticationError) {
        let answer = try await post("auth/revoke", ["token": refreshToken, "token_type_hint": "refresh_token"], clientID: clientID)
        guard answer.statusCode == 200 else { throw Self.refusal(answer) }
        log("auth: Apple revoked the refresh token")
    }

    private func tokens(_ form: [String: String], clientID: String) async throws(AuthenticationError) -> AppleTokenResponse {
        let answer = try await post("auth/token", form, clientID: clientID)
        guard answer.statusCode == 200 else { throw Self.refusal(answer) }
        guard let object = JSONValue.object(from: Array(answer.body)) else {
            throw .cannotReachApple(reason: "Apple's answer is not a JSON object")
        }
        return AppleTokenResponse(object)
    }

    private func post(_ path: String, _ parameters: [String: String], clientID: String) async throws(AuthenticationError) -> HTTPResponse {
        var form = parameters
        form["client_id"] = clientID
        form["client_secret"] = try currentSecret(for: clientID)
        var request = HTTPRequest(method: "POST", url: baseURL.appendingPathComponent(path))
        request.setHeader("application/x-www-form-urlencoded", for: "Content-Type")
        request.setHeader("application/json", for: "Accept")
        request.body = Data(Self.formEncoded(form).utf8)
        // The form holds the code or token and the secret: only the path is logged.
        log("auth: POST \(request.url.absoluteString)")
        do throws(HTTPError) {
            return try await transport.send(request, timeout: timeout, maximumBodySize: Self.maximumAnswerSize)
        } catch {
            throw .cannotReachApple(reason: error.description)
        }
    }

    /// `clientID`'s cached secret while it has more than an hour left, else a new one.
    private func currentSecret(for clientID: String) throws(AuthenticationError) -> String {
        let now = now()
        if let secret = secrets[clientID], secret.expiresAt.timeIntervalSince(now) > 60 * 60 { return secret.token }
        do {
            let made = try ClientSecret(key: key, clientID: clientID, now: now, lifetime: Self.secretLifetime)
            secrets[clientID] = made
            return made.token
        } catch {
            log("auth: could not sign a client secret: \(error)")
            throw .notConfigured(reason: "the Sign in with Apple key cannot sign (\(error.operation))")
        }
    }

    /// Apple's error body (`{"error": "invalid_grant", "error_description": ...}`) as a refusal.
    private static func refusal(_ answer: HTTPResponse) -> AuthenticationError {
        guard let object = JSONValue.object(from: Array(answer.body)), let code = object["error"]?.string else {
            return .appleRefused(.unexpectedStatus(answer.statusCode))
        }
        return .appleRefused(AppleRefusal(code: code, description: object["error_description"]?.string, status: answer.statusCode))
    }

    /// `application/x-www-form-urlencoded`, sorted by name: every byte but the unreserved ones
    /// percent-encoded, so a code or token can never split a field.
    static func formEncoded(_ form: [String: String]) -> String {
        func encode(_ text: String) -> String {
            text.utf8.map { byte -> String in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    String(UnicodeScalar(byte))
                default:
                    String(format: "%%%02X", byte)
                }
            }.joined()
        }
        return form.keys.sorted().map { encode($0) + "=" + encode(form[$0]!) }.joined(separator: "&")
    }
}

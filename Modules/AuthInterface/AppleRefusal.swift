/// Apple's error answer to a request of the server side (`{"error": "invalid_grant", ...}`), with
/// a sentence that says what to fix.
public enum AppleRefusal: Sendable, Equatable {
    /// `invalid_request`: the request is malformed (a missing parameter, a wrong content type, a
    /// user who revoked the app's access).
    case invalidRequest
    /// `invalid_client`: the client secret or the client id is wrong (team id, key id, the key
    /// itself, an expired secret, a client id not registered for Sign in with Apple).
    case invalidClient
    /// `invalid_grant`: the authorization code or refresh token is not valid (used, expired,
    /// revoked, issued to another client or another redirect URI); Apple's description when it sent one.
    case invalidGrant(description: String?)
    /// `unauthorized_client`: the client id may not use this grant.
    case unauthorizedClient
    /// `unsupported_grant_type`: the grant type is not supported.
    case unsupportedGrantType
    /// `invalid_scope`: the requested scope is not valid.
    case invalidScope
    /// An answer that is not Apple's error body, with its HTTP status.
    case unexpectedStatus(Int)

    /// The refusal for Apple's `error` code and `error_description`; an unknown code is kept as
    /// the status it came with.
    public init(code: String, description: String?, status: Int) {
        switch code {
        case "invalid_request": self = .invalidRequest
        case "invalid_client": self = .invalidClient
        case "invalid_grant": self = .invalidGrant(description: description.map(Self.shown))
        case "unauthorized_client": self = .unauthorizedClient
        case "unsupported_grant_type": self = .unsupportedGrantType
        case "invalid_scope": self = .invalidScope
        default: self = .unexpectedStatus(status)
        }
    }

    /// Apple's description made safe to show: controls and bidirectional overrides replaced, cut to 200 characters.
    private static func shown(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        let shown = String(scalars)
        return shown.count > 200 ? String(shown.prefix(200)) + "…" : shown
    }

    /// What went wrong and what to fix, never the raw body.
    public var sentence: String {
        switch self {
        case .invalidRequest:
            "Apple refused the request as malformed (invalid_request); if the user stopped using Sign in with Apple for the app, sign in again."
        case .invalidClient:
            "Apple refused the client secret (invalid_client): check the team id, the key id and that the .p8 key is the one it names, "
                + "and that the first client id is registered for Sign in with Apple."
        case .invalidGrant(let description):
            "Apple refused the code or token (invalid_grant\(description.map { ": \($0)" } ?? "")): an authorization code works once and "
                + "for five minutes, and a revoked refresh token never again; sign in again."
        case .unauthorizedClient:
            "Apple refused the client id for this request (unauthorized_client): use the App ID or Services ID that has Sign in with Apple."
        case .unsupportedGrantType:
            "Apple does not support this grant type (unsupported_grant_type)."
        case .invalidScope:
            "Apple refused the requested scope (invalid_scope)."
        case .unexpectedStatus(let status):
            "Apple answered with HTTP status \(status)."
        }
    }
}

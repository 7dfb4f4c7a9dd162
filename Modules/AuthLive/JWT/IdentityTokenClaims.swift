import AuthInterface

/// The claims of an Apple identity token with their JSON types checked; which values are acceptable
/// is `ClaimRules`' business.
struct IdentityTokenClaims {
    let issuer: String?
    let audiences: [String]
    let expiresAt: Double
    let issuedAt: Double
    let notBefore: Double?
    let subject: String?
    let nonce: String?
    /// `nonce_supported`: false on a device too old to put a nonce in the token.
    let isNonceSupported: Bool?
    let email: String?
    let isEmailVerified: Bool?
    let isPrivateEmail: Bool?

    /// Reads the claims; a claim of the wrong type, or a missing `exp` or `iat`, is malformed.
    init(_ claims: [String: JSONValue]) throws(AuthenticationError) {
        issuer = try Self.optionalString(claims["iss"])
        switch claims["aud"] {
        case nil: audiences = []
        case .string(let audience)?: audiences = [audience]
        case .array(let values)?:
            audiences = try values.map { (value) throws(AuthenticationError) -> String in
                guard let audience = value.string else { throw .invalidToken(.malformed) }
                return audience
            }
        default: throw .invalidToken(.malformed)
        }
        guard let expiresAt = claims["exp"]?.number, let issuedAt = claims["iat"]?.number else {
            throw .invalidToken(.malformed)
        }
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        switch claims["nbf"] {
        case nil: notBefore = nil
        case .number(let value)?: notBefore = value
        default: throw .invalidToken(.malformed)
        }
        subject = try Self.optionalString(claims["sub"])
        nonce = try Self.optionalString(claims["nonce"])
        isNonceSupported = try Self.flag(claims["nonce_supported"])
        email = try Self.optionalString(claims["email"])
        isEmailVerified = try Self.flag(claims["email_verified"])
        isPrivateEmail = try Self.flag(claims["is_private_email"])
    }

    private static func optionalString(_ value: JSONValue?) throws(AuthenticationError) -> String? {
        switch value {
        case nil, .null?: nil
        case .string(let text)?: text
        default: throw .invalidToken(.malformed)
        }
    }

    /// Apple has sent these flags both as JSON booleans and as the strings "true" and "false"
    /// (and documents some of them as either).
    private static func flag(_ value: JSONValue?) throws(AuthenticationError) -> Bool? {
        switch value {
        case nil, .null?: nil
        case .bool(let flag)?: flag
        case .string("true")?: true
        case .string("false")?: false
        default: throw .invalidToken(.malformed)
        }
    }
}

import Foundation

/// The client secret Apple's token and revoke endpoints ask for: an ES256 JWT signed with the
/// developer's key — header `alg` ES256 and `kid`; claims `iss` (team id), `iat`, `exp`, `aud`
/// (`https://appleid.apple.com`) and `sub` (the client id) — whose signature is in JOSE form.
struct ClientSecret: Sendable {
    /// Apple refuses a secret that expires more than this many seconds after its clock's now (six months).
    static let longestLifetime: TimeInterval = 15_777_000

    /// The JWT.
    let token: String
    /// When Apple stops accepting it.
    let expiresAt: Date

    /// A secret for `clientID` signed with `key`, issued at `now` and valid for `lifetime` seconds.
    init(key: AppleSigningKey, clientID: String, now: Date, lifetime: TimeInterval) throws(CryptoFailure) {
        let issuedAt = Int(now.timeIntervalSince1970)
        let expiresAt = issuedAt + Int(min(lifetime, Self.longestLifetime))
        let header = Self.json(["alg": "ES256", "kid": key.keyID])
        let claims = Self.json([
            "iss": key.teamID, "iat": issuedAt, "exp": expiresAt, "aud": ClaimRules.appleIssuer, "sub": clientID,
        ])
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(claims)
        let signature = try key.sign(Array(signingInput.utf8))
        token = signingInput + "." + Base64URL.encode(signature)
        self.expiresAt = Date(timeIntervalSince1970: TimeInterval(expiresAt))
    }

    private static func json(_ object: [String: Any]) -> [UInt8] {
        // Sorted keys: one spelling per content, which tests and logs can compare.
        Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data())
    }
}

/// A JSON Web Token in JWS compact form, split and decoded but not yet trusted:
/// `base64url(header).base64url(claims).base64url(signature)`.
struct CompactJWS {
    /// The protected header.
    let header: [String: JSONValue]
    /// The payload's claims.
    let claims: [String: JSONValue]
    /// What the signature covers: the first two parts as they appear in the token.
    let signingInput: [UInt8]
    /// The signature bytes.
    let signature: [UInt8]

    /// Tokens longer than this are refused before any decoding; Apple's are about 1 KB.
    static let maximumLength = 16 * 1024

    /// Splits and decodes `token`; nil when it is not three base64url parts whose first two are JSON objects.
    init?(_ token: String) {
        guard token.utf8.count <= Self.maximumLength else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64URL.decode(parts[0]), let header = JSONValue.object(from: headerBytes),
            let claimBytes = Base64URL.decode(parts[1]), let claims = JSONValue.object(from: claimBytes),
            let signature = Base64URL.decode(parts[2])
        else { return nil }
        self.header = header
        self.claims = claims
        self.signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        self.signature = signature
    }
}

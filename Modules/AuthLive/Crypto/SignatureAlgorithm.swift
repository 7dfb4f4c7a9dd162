/// The JWS algorithms the verifier accepts; a key in Apple's key set is one of these.
public enum SignatureAlgorithm: String, Sendable, Equatable {
    /// RSASSA-PKCS1-v1_5 with SHA-256 (what Apple signs identity tokens with).
    case rs256 = "RS256"
    /// ECDSA on P-256 with SHA-256.
    case es256 = "ES256"
}

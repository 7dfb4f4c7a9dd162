import AuthInterface
import Foundation

/// Verifies Apple identity tokens: structure, algorithm, signature against Apple's published key,
/// then the claims.
struct IdentityTokenVerifier: Sendable {
    let keys: KeySetCache
    let rules: ClaimRules
    let now: @Sendable () -> Date
    let log: Log

    /// The verified identity in `token`, or why it is refused. `rawNonce` is the nonce the app sent
    /// (nil when it sent none); `expectedSubject` the user id the platform reported.
    func verify(_ token: String, rawNonce: String?, expectedSubject: String?) async throws(AuthenticationError) -> VerifiedIdentityToken {
        guard let jws = CompactJWS(token) else { throw .invalidToken(.malformed) }
        let keyID = try await checkSignature(of: jws)
        let claims = try IdentityTokenClaims(jws.claims)
        let (subject, audience) = try rules.check(claims, now: now(), expectedSubject: expectedSubject, rawNonce: rawNonce)
        return VerifiedIdentityToken(
            subject: subject, audience: audience, email: claims.email, isEmailVerified: claims.isEmailVerified,
            isPrivateEmail: claims.isPrivateEmail, issuedAt: Date(timeIntervalSince1970: claims.issuedAt),
            expiresAt: Date(timeIntervalSince1970: claims.expiresAt), keyID: keyID)
    }

    /// Checks that one of Apple's published keys signed `jws` (what identity tokens and
    /// server-to-server notifications share); the key's id.
    func checkSignature(of jws: CompactJWS) async throws(AuthenticationError) -> String {
        // Extensions the token says must be understood: none are, so such a token is not accepted.
        guard jws.header["crit"] == nil else { throw .invalidToken(.malformed) }
        guard let name = jws.header["alg"]?.string else { throw .invalidToken(.malformed) }
        // `none`, HS256 (with the public key as the secret) and anything else unknown stop here.
        guard let headerAlgorithm = SignatureAlgorithm(rawValue: name) else { throw .invalidToken(.unsupportedAlgorithm) }
        guard let keyID = jws.header["kid"]?.string, !keyID.isEmpty else { throw .invalidToken(.malformed) }

        let key: JSONWebKey
        switch await keys.key(id: keyID) {
        case .found(let found): key = found
        case .unknown: throw .invalidToken(.unknownKey)
        case .unavailable: throw .cannotVerifyNow
        }
        // The key decides the algorithm; the header only has to agree with it.
        guard key.algorithm == headerAlgorithm else { throw .invalidToken(.algorithmMismatch) }
        let isValid: Bool
        do {
            isValid = try SignatureCheck.isValid(jws.signature, over: jws.signingInput, material: key.material, algorithm: key.algorithm)
        } catch {
            log("auth: could not check a signature with key \(keyID): \(error)")
            throw .invalidToken(.badSignature)
        }
        guard isValid else { throw .invalidToken(.badSignature) }
        return keyID
    }
}

import AuthInterface
import Foundation

/// What an Apple identity token's claims must say to be accepted.
struct ClaimRules: Sendable {
    /// Apple's issuer; nothing else signs identity tokens.
    static let appleIssuer = "https://appleid.apple.com"

    /// The app's client ids (bundle id, Services ID); `aud` must be one of them.
    let clientIDs: [String]
    /// How far clocks may disagree, in seconds, for `exp`, `iat` and `nbf`.
    let leeway: TimeInterval

    /// Checks `claims` at `now`: issuer, audience, times, subject, then the nonce when the app sent one.
    func check(
        _ claims: IdentityTokenClaims, now: Date, expectedSubject: String?, rawNonce: String?
    ) throws(AuthenticationError) -> (subject: String, audience: String) {
        guard claims.issuer == Self.appleIssuer else { throw .invalidToken(.wrongIssuer) }
        guard let audience = claims.audiences.first(where: clientIDs.contains) else { throw .invalidToken(.wrongAudience) }
        let seconds = now.timeIntervalSince1970
        guard seconds <= claims.expiresAt + leeway else { throw .invalidToken(.expired) }
        guard claims.issuedAt <= seconds + leeway else { throw .invalidToken(.issuedInFuture) }
        if let notBefore = claims.notBefore, notBefore > seconds + leeway { throw .invalidToken(.notYetValid) }
        guard let subject = claims.subject, !subject.isEmpty else { throw .invalidToken(.missingSubject) }
        if let expectedSubject, expectedSubject != subject { throw .invalidToken(.subjectMismatch) }
        if let rawNonce { try checkNonce(claims, rawNonce: rawNonce) }
        return (subject, audience)
    }

    /// Apple puts in the token whatever nonce the app gave it: an iOS app gives the SHA-256 of its
    /// raw nonce (so the raw one never travels), a web page often the raw nonce itself. Either is
    /// this request's answer. A device too old for nonces says `nonce_supported: false` and sends
    /// none, which Apple asks servers to accept.
    private func checkNonce(_ claims: IdentityTokenClaims, rawNonce: String) throws(AuthenticationError) {
        guard let nonce = claims.nonce else {
            guard claims.isNonceSupported == false else { throw .invalidToken(.wrongNonce) }
            return
        }
        // Both comparisons run, so the time taken does not say which form came close.
        let isHashed = constantTimeEqual(nonce, SHA256.hexDigest(rawNonce))
        let isRaw = constantTimeEqual(nonce, rawNonce)
        guard isHashed || isRaw else { throw .invalidToken(.wrongNonce) }
    }

    private func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

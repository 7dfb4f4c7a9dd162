/// Why a sign-in or sign-out failed. Carries no token content: errors end up in logs and on screen.
public enum AuthenticationError: Error, Sendable, Equatable {
    /// The identity token is not acceptable; signing in again with the same token cannot succeed.
    case invalidToken(InvalidTokenReason)
    /// Its key is not cached and Apple's key set could not be fetched for it now (offline, an error, fetched under a minute ago): try later.
    case cannotVerifyNow
    /// The credential could not be stored or removed; `reason` says which file and what is wrong with it.
    case storageFailed(reason: String)

    /// Why an identity token was refused.
    public enum InvalidTokenReason: Sendable, Equatable {
        /// The response carried no identity token.
        case missing
        /// Not three base64url parts, or a part is not the JSON it should be, or a claim has the wrong type.
        case malformed
        /// The header names an algorithm other than RS256 or ES256 (`none`, HS256, ...).
        case unsupportedAlgorithm
        /// The header's algorithm is not the algorithm of the key it names.
        case algorithmMismatch
        /// No key with the token's `kid` is in Apple's key set, fetched again for this token.
        case unknownKey
        /// The signature does not match the key.
        case badSignature
        /// `iss` is not Apple.
        case wrongIssuer
        /// `aud` is none of the app's client ids.
        case wrongAudience
        /// `exp` has passed (beyond the leeway).
        case expired
        /// `iat` lies in the future (beyond the leeway).
        case issuedInFuture
        /// `nbf` lies in the future (beyond the leeway).
        case notYetValid
        /// `sub` is missing or empty.
        case missingSubject
        /// `sub` is not the user id the response names.
        case subjectMismatch
        /// `nonce` is not the SHA-256 of the nonce the app sent.
        case wrongNonce
    }

    /// A sentence for the user or a log. (Not `description`, so that dumps and test diffs show the case.)
    public var message: String {
        switch self {
        case .invalidToken(let reason): "The sign-in was refused: \(reason.sentence)."
        case .cannotVerifyNow: "The sign-in cannot be checked right now. Try again when online."
        case .storageFailed(let reason): "The sign-in could not be saved on this device: \(reason)."
        }
    }
}

extension AuthenticationError.InvalidTokenReason {
    fileprivate var sentence: String {
        switch self {
        case .missing: "Apple sent no identity token"
        case .malformed: "the identity token is malformed"
        case .unsupportedAlgorithm: "the identity token uses an algorithm that is not accepted"
        case .algorithmMismatch: "the identity token's algorithm does not match its key"
        case .unknownKey: "the identity token was signed with a key Apple does not publish"
        case .badSignature: "the identity token's signature is wrong"
        case .wrongIssuer: "the identity token was not issued by Apple"
        case .wrongAudience: "the identity token is for another app"
        case .expired: "the identity token has expired"
        case .issuedInFuture: "the identity token was issued in the future; check the clock"
        case .notYetValid: "the identity token is not valid yet; check the clock"
        case .missingSubject: "the identity token names no user"
        case .subjectMismatch: "the identity token is for another user"
        case .wrongNonce: "the identity token does not answer this sign-in request"
        }
    }
}

/// Why a sign-in or sign-out failed. Carries no token content: errors end up in logs and on screen.
public enum AuthenticationError: Error, Sendable, Equatable {
    /// The identity token is not acceptable; signing in again with the same token cannot succeed.
    case invalidToken(InvalidTokenReason)
    /// Its key is not cached and Apple's key set could not be fetched for it now (offline, an error, fetched under a minute ago): try later.
    case cannotVerifyNow
    /// The credential could not be stored or removed; `reason` says which file and what is wrong with it.
    case storageFailed(reason: String)
    /// Apple refused a request of the server side (a code exchange, a status check, a revocation).
    case appleRefused(AppleRefusal)
    /// Apple gave no usable answer: it could not be reached, closed the connection without
    /// answering, or its answer could not be read; try again later.
    case cannotReachApple(reason: String)
    /// The server side of Sign in with Apple is not configured: `reason` says what is missing.
    case notConfigured(reason: String)
    /// The identity token and the authorization code name different users.
    case userMismatch
    /// A server-to-server notification is not acceptable; nothing was changed.
    case invalidNotification(InvalidNotificationReason)

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
        /// `nonce` is neither the raw nonce the app generated nor its SHA-256, or is missing from a
        /// token of a device that supports nonces.
        case wrongNonce
    }

    /// Why a server-to-server notification was refused.
    public enum InvalidNotificationReason: Sendable, Equatable {
        /// Not `{"payload": "<JWS>"}`, or the JWS or its `events` is not what Apple sends.
        case malformed
        /// Not signed by one of Apple's keys (an unknown key, a wrong signature, another algorithm).
        case badSignature
        /// `iss` is not Apple.
        case wrongIssuer
        /// `aud` is none of the app's client ids.
        case wrongAudience
        /// `exp` has passed, or `iat` is in the future (beyond the leeway).
        case stale
        /// The event's type is none Apple documents.
        case unknownEvent(String)
    }

    /// A sentence for the user or a log. (Not `description`, so that dumps and test diffs show the case.)
    public var message: String {
        switch self {
        case .invalidToken(let reason): "The sign-in was refused: \(reason.sentence)."
        case .cannotVerifyNow: "The sign-in cannot be checked right now. Try again when online."
        case .storageFailed(let reason): "The sign-in could not be saved on this device: \(reason)."
        case .appleRefused(let refusal): refusal.sentence
        case .cannotReachApple(let reason): "Apple gave no answer: \(reason). Try again later."
        case .notConfigured(let reason): "The server side of Sign in with Apple is not configured: \(reason)."
        case .userMismatch: "The identity token and the authorization code are for different users."
        case .invalidNotification(let reason): "The notification was refused: \(reason.sentence)."
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

extension AuthenticationError.InvalidNotificationReason {
    fileprivate var sentence: String {
        switch self {
        case .malformed: "it is not a payload Apple sends"
        case .badSignature: "it is not signed by one of Apple's keys"
        case .wrongIssuer: "it was not issued by Apple"
        case .wrongAudience: "it is for another app"
        case .stale: "it has expired, or is dated in the future; check the clock"
        case .unknownEvent(let type): "its event type '\(type)' is unknown"
        }
    }
}

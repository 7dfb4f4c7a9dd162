/// Whether a user is signed in on this device, and if not, why: Apple's credential states
/// (authorized, revoked, not found, transferred), and a session that ran out.
public enum AuthenticationStatus: Sendable, Equatable {
    /// A stored credential exists for the user and is neither revoked nor expired.
    case signedIn
    /// The user must sign in again.
    case signedOut(SignedOutReason)

    /// Signed out because no credential is stored (Apple's "not found"): the tutorial's `.signedOut`.
    public static var signedOut: AuthenticationStatus { .signedOut(.notFound) }

    /// Why a user is signed out.
    public enum SignedOutReason: Sendable, Equatable {
        /// The stored credential was revoked (the user stopped using Sign in with Apple for the app).
        case revoked
        /// No credential is stored for the user.
        case notFound
        /// The stored credential's session lifetime ran out.
        case expired
        /// The credential belongs to the app under another team: the app was transferred, and the
        /// user must sign in again under the new team (Apple's "transferred").
        case transferred
    }
}

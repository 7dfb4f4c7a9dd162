import AuthInterface
import Foundation

/// The credential kept on the device after a verified sign-in. Printing or dumping it never shows
/// the identity token or the refresh token.
struct StoredCredential: Codable, Sendable, Equatable {
    /// The user (`sub`).
    var userID: String
    /// The email from the token, else from the response.
    var email: String?
    /// The name the user shared at the first authorization.
    var fullName: String?
    /// The verified identity token, for a server that wants to check it again.
    var identityToken: String
    /// When the sign-in was verified.
    var signedInAt: Date
    /// When the session ends; nil for never.
    var expiresAt: Date?
    /// When Apple reported the user revoked the app's access; nil while it has not.
    var revokedAt: Date?
    /// The refresh token of an exchanged authorization code, which Apple's daily check and the
    /// revocation at account deletion use; nil for a sign-in with an identity token alone.
    var refreshToken: String?
    /// The team whose key exchanged the code: under another team the app was transferred.
    var teamID: String?
    /// The client id the tokens were issued to.
    var clientID: String?
    /// When Apple last confirmed the refresh token (the exchange, then each daily check).
    var appleConfirmedAt: Date?
    /// When a check with Apple last failed since that confirmation (unreachable, or an answer that
    /// is neither a confirmation nor a revocation): the next waits, as Apple may throttle checks.
    var appleCheckFailedAt: Date?
    /// When Apple issued the identity token of this sign-in (`iat`, Apple's clock): a revocation
    /// Apple delivers late, from before it, is of a consent the user has given again since.
    var identityTokenIssuedAt: Date?
    /// Whether the identity token's email is a private relay address.
    var isPrivateEmail: Bool?
    /// Whether Apple forwards the relay address's email (its `email-enabled` / `email-disabled`
    /// notifications); nil until one arrived.
    var emailForwarding: Bool?
    /// When the relay event that set `emailForwarding` happened (`event_time`): an older one
    /// delivered late changes nothing.
    var emailForwardingEventTime: Date?
    /// The SHA-256 of the identities (`jti`, else type, user and event time) of the last
    /// `appliedNotificationLimit` notifications applied, oldest first: Apple delivers one again
    /// until it is answered, also to a later process.
    var appliedNotifications: [String]?

    /// How many applied notifications are remembered; Apple's redeliveries come within a day or so,
    /// far fewer than this for one user.
    static let appliedNotificationLimit = 100

    /// The status this credential gives `userID` (nil: whoever it belongs to) at `now`, for an app
    /// that runs under `teamID` (nil: not known).
    func status(for userID: String?, at now: Date, teamID currentTeamID: String? = nil) -> AuthenticationStatus {
        if let userID, userID != self.userID { return .signedOut(.notFound) }
        if revokedAt != nil { return .signedOut(.revoked) }
        if let teamID, let currentTeamID, teamID != currentTeamID { return .signedOut(.transferred) }
        if let expiresAt, now >= expiresAt { return .signedOut(.expired) }
        return .signedIn
    }
}

extension StoredCredential: CustomStringConvertible, CustomReflectable {
    var description: String {
        "StoredCredential(userID: \(userID), identityToken: <redacted>, refreshToken: \(refreshToken == nil ? "nil" : "<redacted>"), "
            + "signedInAt: \(signedInAt), expiresAt: \(expiresAt.map { "\($0)" } ?? "never"), "
            + "revokedAt: \(revokedAt.map { "\($0)" } ?? "nil"))"
    }

    var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "userID": userID, "email": email as Any, "fullName": fullName as Any, "identityToken": "<redacted>",
                "refreshToken": refreshToken == nil ? "nil" : "<redacted>", "signedInAt": signedInAt, "expiresAt": expiresAt as Any,
                "revokedAt": revokedAt as Any, "teamID": teamID as Any, "appleConfirmedAt": appleConfirmedAt as Any,
                "appleCheckFailedAt": appleCheckFailedAt as Any,
            ], displayStyle: .struct)
    }
}

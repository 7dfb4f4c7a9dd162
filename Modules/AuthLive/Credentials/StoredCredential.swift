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
    /// Whether the identity token's email is a private relay address.
    var isPrivateEmail: Bool?
    /// Whether Apple forwards the relay address's email (its `email-enabled` / `email-disabled`
    /// notifications); nil until one arrived.
    var emailForwarding: Bool?

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
            ], displayStyle: .struct)
    }
}

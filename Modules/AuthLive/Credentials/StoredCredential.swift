import AuthInterface
import Foundation

/// The credential kept on the device after a verified sign-in. Printing or dumping it never shows
/// the identity token.
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

    /// The status this credential gives `userID` (nil: whoever it belongs to) at `now`.
    func status(for userID: String?, at now: Date) -> AuthenticationStatus {
        if let userID, userID != self.userID { return .signedOut(.notFound) }
        if revokedAt != nil { return .signedOut(.revoked) }
        if let expiresAt, now >= expiresAt { return .signedOut(.expired) }
        return .signedIn
    }
}

extension StoredCredential: CustomStringConvertible, CustomReflectable {
    var description: String {
        "StoredCredential(userID: \(userID), identityToken: <redacted>, signedInAt: \(signedInAt), "
            + "expiresAt: \(expiresAt.map { "\($0)" } ?? "never"), revokedAt: \(revokedAt.map { "\($0)" } ?? "nil"))"
    }

    var customMirror: Mirror {
        Mirror(self, children: [
            "userID": userID, "email": email as Any, "fullName": fullName as Any, "identityToken": "<redacted>",
            "signedInAt": signedInAt, "expiresAt": expiresAt as Any, "revokedAt": revokedAt as Any,
        ], displayStyle: .struct)
    }
}

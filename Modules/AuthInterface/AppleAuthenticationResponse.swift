/// What a Sign in with Apple authorization hands the app (the platform's Apple ID credential), as a
/// plain value so that the logic never touches the platform framework.
///
/// Printing, dumping or reflecting a response never shows the identity token or the authorization
/// code: both are secrets, and responses travel through actions that tests and logs print.
public struct AppleAuthenticationResponse: Sendable, Equatable {
    /// Apple's stable identifier of the user for this team (the token's `sub`); empty when the
    /// platform reported none (a terminal has no Apple sheet), and the token's own subject is the user.
    public var userID: String
    /// The signed JSON Web Token that proves the sign-in; verified before anything is trusted.
    public var identityToken: String?
    /// The short-lived code a server exchanges for Apple refresh tokens.
    public var authorizationCode: String?
    /// The email the user shared, only on the first authorization.
    public var email: String?
    /// The name the user shared, only on the first authorization.
    public var fullName: String?
    /// The raw nonce the app generated for the request, if any: the token's `nonce` must be it or
    /// its SHA-256 in lower-case hex (what an iOS app gives Apple).
    public var nonce: String?

    /// A response as the platform delivered it.
    public init(
        userID: String, identityToken: String?, authorizationCode: String? = nil,
        email: String? = nil, fullName: String? = nil, nonce: String? = nil
    ) {
        self.userID = userID
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.email = email
        self.fullName = fullName
        self.nonce = nonce
    }
}

extension AppleAuthenticationResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The response with its secrets redacted.
    public var description: String {
        "AppleAuthenticationResponse(userID: \(userID), identityToken: \(redacted(identityToken)), "
            + "authorizationCode: \(redacted(authorizationCode)), email: \(email ?? "nil"), "
            + "fullName: \(fullName ?? "nil"), nonce: \(nonce == nil ? "nil" : "set"))"
    }

    /// The response with its secrets redacted.
    public var debugDescription: String { description }

    /// The fields for `dump` and the TestStore's diffs, with the secrets redacted.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "userID": userID,
                "identityToken": redacted(identityToken),
                "authorizationCode": redacted(authorizationCode),
                "email": email as Any,
                "fullName": fullName as Any,
                "nonce": nonce as Any,
            ], displayStyle: .struct)
    }
}

/// A stand-in that tells whether a secret is there (and differs, by length) without showing it.
private func redacted(_ secret: String?) -> String {
    guard let secret else { return "nil" }
    return "<redacted, \(secret.utf8.count) bytes>"
}

/// What deleting the account did at Apple before the stored credential was deleted.
public enum AccountDeletion: Sendable, Equatable {
    /// Apple revoked the user's tokens, then the credential was deleted.
    case revokedAtApple
    /// The credential came from an identity token alone, without a refresh token to revoke: it was
    /// deleted, and the user stops the app's access in their Apple ID settings (Apple's TN3194).
    case nothingToRevoke
    /// Nobody was signed in: there was nothing to revoke or delete.
    case noCredential
}

import Foundation

/// What a verified Apple identity token says about the user. Holds no part of the token itself.
public struct VerifiedIdentityToken: Sendable, Equatable {
    /// The user's stable identifier (`sub`).
    public let subject: String
    /// The client id the token was issued to (the `aud` that matched).
    public let audience: String
    /// The user's email (`email`), when shared.
    public let email: String?
    /// Whether Apple verified the email (`email_verified`).
    public let isEmailVerified: Bool?
    /// Whether the email is an Apple private relay address (`is_private_email`).
    public let isPrivateEmail: Bool?
    /// When Apple issued the token (`iat`).
    public let issuedAt: Date
    /// When the token expires (`exp`).
    public let expiresAt: Date
    /// The key that signed it (`kid`).
    public let keyID: String
}

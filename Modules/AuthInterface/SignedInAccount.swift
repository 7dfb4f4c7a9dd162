import Foundation

/// What the device holds of the signed-in user's account: who, the e-mail the token gave, and
/// whether Apple's private relay forwards mail to it (its `email-enabled` / `email-disabled`
/// notifications).
public struct SignedInAccount: Sendable, Equatable {
    /// The user (`sub`).
    public var userID: String
    /// The e-mail address from the identity token or the response, when the user shared one.
    public var email: String?
    /// Whether that address is a private relay address (`is_private_email`), when known.
    public var isPrivateEmail: Bool?
    /// Whether the relay forwards mail (nil until a notification said).
    public var emailForwarding: Bool?
    /// When the user changed the forwarding (the notification's `event_time`), when known.
    public var emailForwardingChangedAt: Date?

    /// An account with the given values.
    public init(
        userID: String, email: String? = nil, isPrivateEmail: Bool? = nil, emailForwarding: Bool? = nil,
        emailForwardingChangedAt: Date? = nil
    ) {
        self.userID = userID
        self.email = email
        self.isPrivateEmail = isPrivateEmail
        self.emailForwarding = emailForwarding
        self.emailForwardingChangedAt = emailForwardingChangedAt
    }
}

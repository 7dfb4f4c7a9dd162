import Foundation

/// A verified server-to-server notification about a user's Apple account (Apple POSTs
/// `{"payload": "<JWS>"}` to the app's endpoint), and what applying it did.
public struct AppleAccountNotification: Sendable, Equatable {
    /// What happened to the account.
    public enum Event: String, Sendable, Equatable, CaseIterable {
        /// The user stopped forwarding email from the private relay address.
        case emailDisabled = "email-disabled"
        /// The user resumed forwarding email from the private relay address.
        case emailEnabled = "email-enabled"
        /// The user stopped using Sign in with Apple for the app.
        case consentRevoked = "consent-revoked"
        /// The user deleted their Apple Account.
        case accountDeleted = "account-delete"
    }

    /// What happened.
    public let event: Event
    /// The user it happened to (`sub`).
    public let userID: String
    /// When it happened.
    public let eventTime: Date
    /// The user's email, when the event names one.
    public let email: String?
    /// Whether that email is a private relay address.
    public let isPrivateEmail: Bool?
    /// Whether the stored credential was the user's and was changed (revoked, or its relay state updated).
    public let changedStoredCredential: Bool

    /// A notification with the given fields.
    public init(event: Event, userID: String, eventTime: Date, email: String?, isPrivateEmail: Bool?, changedStoredCredential: Bool) {
        self.event = event
        self.userID = userID
        self.eventTime = eventTime
        self.email = email
        self.isPrivateEmail = isPrivateEmail
        self.changedStoredCredential = changedStoredCredential
    }
}

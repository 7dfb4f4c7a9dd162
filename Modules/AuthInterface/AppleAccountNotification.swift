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
    /// Whether the stored credential was the user's and was changed (revoked, or its relay state
    /// updated): true exactly when `effect` is `.applied`.
    public let changedStoredCredential: Bool
    /// What applying it did, and when nothing, why.
    public let effect: Effect

    /// What applying a notification did to the stored credential. Apple delivers a notification
    /// again until the endpoint answers 200, and not necessarily in the order of the events.
    public enum Effect: String, Sendable, Equatable, CaseIterable {
        /// The stored credential is the user's and now says so.
        case applied
        /// Nothing changed: the same event was applied before (a redelivery), or the credential was
        /// already revoked.
        case alreadyApplied = "already-applied"
        /// Nothing changed: the credential already reflects a later event (a later relay change,
        /// or a sign-in after a revocation).
        case superseded
        /// Nothing changed: no stored credential is the user's.
        case noCredentialForUser = "no-credential-for-user"
    }

    /// A notification with the given fields; `changedStoredCredential` false stands for
    /// `.noCredentialForUser`.
    public init(event: Event, userID: String, eventTime: Date, email: String?, isPrivateEmail: Bool?, changedStoredCredential: Bool) {
        self.init(
            event: event, userID: userID, eventTime: eventTime, email: email, isPrivateEmail: isPrivateEmail,
            effect: changedStoredCredential ? .applied : .noCredentialForUser)
    }

    /// A notification with the given fields and what applying it did.
    public init(event: Event, userID: String, eventTime: Date, email: String?, isPrivateEmail: Bool?, effect: Effect) {
        self.event = event
        self.userID = userID
        self.eventTime = eventTime
        self.email = email
        self.isPrivateEmail = isPrivateEmail
        self.effect = effect
        changedStoredCredential = effect == .applied
    }
}

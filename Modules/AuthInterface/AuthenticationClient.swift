import Dependencies
import Foundation

/// Signs users in with Apple, keeps their credential, and says whether they are still signed in.
///
/// A struct of closures, so a test replaces just the endpoint it needs
/// (`client.checkAppleAuthenticationStatus = { _ in .signedIn }`); the live value is built by the
/// `Auth` module and installed by the composition root.
public struct AuthenticationClient: Sendable {
    /// The status of the credential stored for `userID`, or for whoever signed in last when nil (at launch the app does not know).
    public var checkAppleAuthenticationStatus: @Sendable (_ userID: String?) async -> AuthenticationStatus
    /// Verifies the response's identity token and stores the credential; throws `AuthenticationError`.
    public var signIn: @Sendable (_ response: AppleAuthenticationResponse) async throws -> Void
    /// Deletes the stored credential; throws `AuthenticationError`.
    public var signOut: @Sendable () async throws -> Void
    /// Who is signed in now (the stored credential's user while it is neither revoked nor
    /// expired), nil when nobody is: what an account screen or `bistro auth status` shows.
    public var signedInUser: @Sendable () async -> String?
    /// When Apple last confirmed the signed-in user's refresh token, nil when it never did (no
    /// refresh token, or not checked yet).
    public var appleConfirmedAt: @Sendable () async -> Date?
    /// Revokes the user's tokens at Apple, then deletes the stored credential (what deleting an
    /// account must do, by the App Store's rules); throws `AuthenticationError` and deletes nothing
    /// when Apple cannot be reached or refuses.
    public var deleteAccount: @Sendable () async throws -> AccountDeletion
    /// Verifies and applies a server-to-server notification, the body Apple POSTs to the app's
    /// endpoint; throws `AuthenticationError.invalidNotification` and changes nothing when it is not Apple's.
    public var handleServerNotification: @Sendable (_ body: Data) async throws -> AppleAccountNotification
    /// How the daily check of the signed-in user's refresh token with Apple has gone (when Apple last
    /// confirmed it, when it last could not be asked, when the next check is made); empty without one.
    public var appleCheckHistory: @Sendable () async -> AppleCheckHistory
    /// The status of the stored sign-in now, then again each time it changes, whoever changed it:
    /// this process, another one (`bistro auth sign-out`, a revocation Apple notified, a sign-in) or
    /// the clock (a session that ran out). Read from what the device stores, never by asking Apple;
    /// an open app follows it as it follows the database. Ends when the loop over it stops.
    public var storedStatusChanges: @Sendable () -> AsyncStream<AuthenticationStatus>
    /// The signed-in user's account as stored (who, the e-mail, the private relay's forwarding);
    /// nil when nobody is signed in.
    public var signedInAccount: @Sendable () async -> SignedInAccount?

    /// A client made of the given endpoints; one built without one of the later endpoints reports
    /// it unimplemented when it is called.
    public init(
        checkAppleAuthenticationStatus: @escaping @Sendable (_ userID: String?) async -> AuthenticationStatus,
        signIn: @escaping @Sendable (_ response: AppleAuthenticationResponse) async throws -> Void,
        signOut: @escaping @Sendable () async throws -> Void,
        signedInUser: @escaping @Sendable () async -> String? = Dependencies.unimplemented(
            "AuthenticationClient.signedInUser", placeholder: nil),
        appleConfirmedAt: @escaping @Sendable () async -> Date? = Dependencies.unimplemented(
            "AuthenticationClient.appleConfirmedAt", placeholder: nil),
        deleteAccount: @escaping @Sendable () async throws -> AccountDeletion = Dependencies.unimplemented(
            "AuthenticationClient.deleteAccount"),
        handleServerNotification: @escaping @Sendable (_ body: Data) async throws -> AppleAccountNotification =
            Dependencies.unimplemented("AuthenticationClient.handleServerNotification"),
        appleCheckHistory: @escaping @Sendable () async -> AppleCheckHistory = Dependencies.unimplemented(
            "AuthenticationClient.appleCheckHistory", placeholder: AppleCheckHistory()),
        storedStatusChanges: @escaping @Sendable () -> AsyncStream<AuthenticationStatus> = Dependencies.unimplemented(
            "AuthenticationClient.storedStatusChanges", placeholder: AsyncStream { $0.finish() }),
        signedInAccount: @escaping @Sendable () async -> SignedInAccount? = Dependencies.unimplemented(
            "AuthenticationClient.signedInAccount", placeholder: nil)
    ) {
        self.checkAppleAuthenticationStatus = checkAppleAuthenticationStatus
        self.signIn = signIn
        self.signOut = signOut
        self.signedInUser = signedInUser
        self.appleConfirmedAt = appleConfirmedAt
        self.deleteAccount = deleteAccount
        self.handleServerNotification = handleServerNotification
        self.appleCheckHistory = appleCheckHistory
        self.storedStatusChanges = storedStatusChanges
        self.signedInAccount = signedInAccount
    }
}

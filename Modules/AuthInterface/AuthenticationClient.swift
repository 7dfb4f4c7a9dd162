import Dependencies

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

    /// A client made of the given endpoints; one built without `signedInUser` reports that
    /// endpoint unimplemented when it is called.
    public init(
        checkAppleAuthenticationStatus: @escaping @Sendable (_ userID: String?) async -> AuthenticationStatus,
        signIn: @escaping @Sendable (_ response: AppleAuthenticationResponse) async throws -> Void,
        signOut: @escaping @Sendable () async throws -> Void,
        signedInUser: @escaping @Sendable () async -> String? = Dependencies.unimplemented("AuthenticationClient.signedInUser", placeholder: nil)
    ) {
        self.checkAppleAuthenticationStatus = checkAppleAuthenticationStatus
        self.signIn = signIn
        self.signOut = signOut
        self.signedInUser = signedInUser
    }
}

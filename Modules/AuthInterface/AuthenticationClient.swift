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

    /// A client made of the given endpoints.
    public init(
        checkAppleAuthenticationStatus: @escaping @Sendable (_ userID: String?) async -> AuthenticationStatus,
        signIn: @escaping @Sendable (_ response: AppleAuthenticationResponse) async throws -> Void,
        signOut: @escaping @Sendable () async throws -> Void
    ) {
        self.checkAppleAuthenticationStatus = checkAppleAuthenticationStatus
        self.signIn = signIn
        self.signOut = signOut
    }
}

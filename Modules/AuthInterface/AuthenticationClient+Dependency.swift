import Dependencies

extension AuthenticationClient {
    /// Every endpoint reports "Unimplemented: 'AuthenticationClient.<endpoint>'": set only what a test expects to be called.
    public static let unimplemented = AuthenticationClient(
        checkAppleAuthenticationStatus: Dependencies.unimplemented(
            "AuthenticationClient.checkAppleAuthenticationStatus", placeholder: .signedOut),
        signIn: Dependencies.unimplemented("AuthenticationClient.signIn"),
        signOut: Dependencies.unimplemented("AuthenticationClient.signOut"),
        signedInUser: Dependencies.unimplemented("AuthenticationClient.signedInUser", placeholder: nil)
    )
}

extension AuthenticationClient: DependencyKey {
    /// `.unimplemented`: the interface holds no implementation; the composition root installs `AuthenticationClient.live(...)` from `AuthLive`.
    public static var liveValue: AuthenticationClient { .unimplemented }
    /// `.unimplemented`, so that a test fails when it reaches an endpoint it did not set up.
    public static var testValue: AuthenticationClient { .unimplemented }
}

extension DependencyValues {
    /// The client that signs users in with Apple: `@Dependency(\.authenticationClient)`.
    public var authenticationClient: AuthenticationClient {
        get { self[AuthenticationClient.self] }
        set { self[AuthenticationClient.self] = newValue }
    }
}

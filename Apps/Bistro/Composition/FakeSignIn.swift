import AuthInterface
import Synchronization

/// The sign-in of `bistro --fake`: accepts any response with a non-empty token, no network, no
/// files; the user is the token's `sub` when it decodes, else "fake-user". It lasts one process,
/// like the rest of the fake graph (an in-memory database).
final class FakeSignIn: Sendable {
    static let defaultUser = "fake-user"

    private let signedIn = Mutex<String?>(nil)

    /// The signed-in user, nil when signed out.
    var user: String? { signedIn.withLock { $0 } }

    var client: AuthenticationClient {
        AuthenticationClient(
            checkAppleAuthenticationStatus: { userID in
                let user = self.user
                return user != nil && (userID == nil || userID == user) ? .signedIn : .signedOut(.notFound)
            },
            signIn: { response in
                guard let token = response.identityToken, !token.isEmpty else { throw AuthenticationError.invalidToken(.missing) }
                let user = IdentityTokenSubject.unverified(token) ?? Self.defaultUser
                self.signedIn.withLock { $0 = user }
            },
            signOut: { self.signedIn.withLock { $0 = nil } })
    }
}

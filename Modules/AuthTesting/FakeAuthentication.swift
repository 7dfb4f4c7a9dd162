import AuthInterface
import Foundation
import Reactive

/// A Sign in with Apple that needs no network, no keys and no files, for tests, previews and
/// `bistro --fake`: it accepts any response with a non-empty identity token (or fails as told),
/// signs in the response's user, and forgets everything with the object.
public final class FakeAuthentication: Sendable {
    /// The user a response without a user id signs in.
    public static let defaultUser = "fake-user"

    private struct State {
        var user: String?
        /// Why nobody is signed in: `.revoked` after `revoke()`, else not found.
        var signedOutReason = AuthenticationStatus.SignedOutReason.notFound
        var signInFailure: AuthenticationError?
        var signOutFailure: AuthenticationError?
        /// Whoever follows `storedStatusChanges`.
        var watchers: [UUID: AsyncStream<AuthenticationStatus>.Continuation] = [:]

        var status: AuthenticationStatus { user == nil ? .signedOut(signedOutReason) : .signedIn }
    }

    private let state: Locked<State>

    /// A fake with `user` signed in (nobody by default).
    public init(signedInUser user: String? = nil) {
        state = Locked(State(user: user))
    }

    /// The signed-in user, nil when signed out.
    public var user: String? { state.withLock { $0.user } }

    /// When set, every sign-in fails with it and nobody is signed in.
    public var signInFailure: AuthenticationError? {
        get { state.withLock { $0.signInFailure } }
        set { state.withLock { $0.signInFailure = newValue } }
    }

    /// When set, every sign-out fails with it and the user stays signed in.
    public var signOutFailure: AuthenticationError? {
        get { state.withLock { $0.signOutFailure } }
        set { state.withLock { $0.signOutFailure = newValue } }
    }

    /// A sign-in sheet that answers at once with a response every fake accepts (with no user id,
    /// it signs in `defaultUser`), to install as the `appleSignInSheet` dependency.
    public static let signInSheet = AppleSignInSheet {
        .just(AppleAuthenticationResponse(userID: "", identityToken: "fake-identity-token"))
    }

    /// The client to install as the `authenticationClient` dependency.
    public var client: AuthenticationClient {
        AuthenticationClient(
            checkAppleAuthenticationStatus: { userID in self.status(of: userID) },
            signIn: { response in try self.signIn(response) },
            signOut: { try self.signOut() },
            signedInUser: { self.user },
            appleConfirmedAt: { nil },
            deleteAccount: { try self.deleteAccount() },
            handleServerNotification: { _ in
                throw AuthenticationError.notConfigured(reason: "the fake sign-in takes no server-to-server notifications")
            },
            appleCheckHistory: { AppleCheckHistory() },
            storedStatusChanges: { self.storedStatusChanges() },
            signedInAccount: { self.user.map { SignedInAccount(userID: $0) } })
    }

    /// Signs the user out as Apple's `consent-revoked` would, from elsewhere: the status says
    /// revoked, and whoever follows `storedStatusChanges` is told.
    public func revoke() {
        change { state in
            state.user = nil
            state.signedOutReason = .revoked
        }
    }

    /// Signs `user` in from elsewhere (another process, say): whoever follows `storedStatusChanges` is told.
    public func signInElsewhere(_ user: String) {
        change { $0.user = user }
    }

    /// The status now, then after each change.
    private func storedStatusChanges() -> AsyncStream<AuthenticationStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: AuthenticationStatus.self)
        let id = UUID()
        let current = state.withLock { state in
            state.watchers[id] = continuation
            return state.status
        }
        continuation.yield(current)
        continuation.onTermination = { [state] _ in _ = state.withLock { $0.watchers.removeValue(forKey: id) } }
        return stream
    }

    /// Applies `change` and tells the watchers the status when it changed (outside the lock).
    private func change<Outcome, Failure: Error>(_ change: (inout State) throws(Failure) -> Outcome) throws(Failure) -> Outcome {
        let (outcome, status, watchers) = try state.withLock { state throws(Failure) in
            let before = state.status
            let outcome = try change(&state)
            return (outcome, state.status, state.status == before ? [] : Array(state.watchers.values))
        }
        for watcher in watchers { watcher.yield(status) }
        return outcome
    }

    /// Signs the user out as a deletion would; there are no tokens at Apple to revoke.
    private func deleteAccount() throws(AuthenticationError) -> AccountDeletion {
        guard user != nil else { return .noCredential }
        try signOut()
        return .nothingToRevoke
    }

    private func status(of userID: String?) -> AuthenticationStatus {
        let (user, status) = state.withLock { ($0.user, $0.status) }
        guard let user else { return status }
        return userID == nil || userID == user ? .signedIn : .signedOut(.notFound)
    }

    private func signIn(_ response: AppleAuthenticationResponse) throws(AuthenticationError) {
        try change { state throws(AuthenticationError) in
            if let failure = state.signInFailure { throw failure }
            guard let token = response.identityToken, !token.isEmpty else { throw .invalidToken(.missing) }
            // As the live client: without a user id from the platform, the token's subject is the
            // user (read here without any check, this being a fake), else the default one.
            state.user = response.userID.isEmpty ? Self.subject(of: token) ?? Self.defaultUser : response.userID
        }
    }

    /// The `sub` claim of `token` when it is a JWT with one, unverified.
    private static func subject(of token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let subject = claims["sub"] as? String, !subject.isEmpty
        else { return nil }
        return subject
    }

    private func signOut() throws(AuthenticationError) {
        try change { state throws(AuthenticationError) in
            if let failure = state.signOutFailure { throw failure }
            state.user = nil
            state.signedOutReason = .notFound
        }
    }
}

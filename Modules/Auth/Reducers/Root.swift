import Architecture
import AuthInterface
import Dependencies

/// The app's authentication flow (the TCA Sign in with Apple tutorial): the sign-in screen until a user is signed in, then the
/// main screen; at launch the stored credential decides, and while the screens show (`task`) they
/// follow it, whoever changes it: another process signing out or in, a revocation Apple notified,
/// a session that ran out. The sign-in screen then says why the user is signed out.
public struct Root: Reducer, Sendable {
    /// Which screen shows.
    public enum State: Sendable, Equatable {
        /// Nobody is signed in.
        case signIn(SignIn.State)
        /// A user is signed in.
        case main(Main.State)

        /// The sign-in screen, as at launch.
        public init() {
            self = .signIn(SignIn.State())
        }
    }

    /// What happens in the flow.
    public enum Action: Sendable, Equatable {
        /// The sign-in screen's actions.
        case signIn(SignIn.Action)
        /// The main screen's actions.
        case main(Main.Action)
        /// The app appeared: check whether the user is still signed in.
        case _onAppear
        /// What the status check found.
        case _checkAuthenticationStatusResponse(AuthenticationStatus)
        /// The screens show: follow the stored sign-in for as long as they do (a long-living
        /// effect, ended by cancelling the task that sent it, as TCA's `.task`).
        case task
        /// The stored sign-in changed (or, first, what it is now).
        case _storedStatusChanged(AuthenticationStatus)
    }

    @Dependency(\.authenticationClient) var authenticationClient

    /// The flow.
    public init() {}

    /// Moves between the screens on the children's delegate actions and the launch check.
    public var body: some Reducer<State, Action> {
        Reduce { state, action in
            switch action {
            case .signIn(.delegate(.didSignIn)):
                state = .main(Main.State())
                return .none
            case .main(.delegate(.didSignOut)):
                state = .signIn(SignIn.State())
                return .none
            case ._onAppear:
                return .run { send in
                    // nil: at launch the app does not know the user; the client asks about the stored one.
                    send(._checkAuthenticationStatusResponse(await authenticationClient.checkAppleAuthenticationStatus(nil)))
                }
            case ._checkAuthenticationStatusResponse(.signedIn):
                if case .signIn = state { state = .main(Main.State()) }
                return .none
            case ._checkAuthenticationStatusResponse(.signedOut(let reason)):
                // At launch the sign-in screen already shows; a later check that finds the
                // credential revoked or expired leaves the main screen.
                Self.showSignIn(&state, because: reason)
                return .none
            case .task:
                return .run { send in
                    for await status in authenticationClient.storedStatusChanges() {
                        send(._storedStatusChanged(status))
                    }
                }
            case ._storedStatusChanged(.signedIn):
                if case .signIn = state { state = .main(Main.State()) }
                return .none
            case ._storedStatusChanged(.signedOut(let reason)):
                Self.showSignIn(&state, because: reason)
                return .none
            case .signIn, .main:
                return .none
            }
        }
        .ifCaseLet(State.signIn, action: Action.signIn) {
            SignIn()
        }
        .ifCaseLet(State.main, action: Action.main) {
            Main()
        }
    }

    /// The sign-in screen, saying `reason` when it is more than "nobody signed in" (Apple's
    /// credential state: revoked, transferred; or a session that ran out).
    private static func showSignIn(_ state: inout State, because reason: AuthenticationStatus.SignedOutReason) {
        let shown: AuthenticationStatus.SignedOutReason? = reason == .notFound ? nil : reason
        switch state {
        case .main:
            state = .signIn(SignIn.State(signedOutReason: shown))
        case .signIn(var signIn):
            // A user who signed out here, or was never signed in, needs no reason.
            guard let shown, signIn.signedOutReason != shown else { return }
            signIn.signedOutReason = shown
            state = .signIn(signIn)
        }
    }
}

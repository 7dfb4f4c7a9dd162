import Architecture
import AuthInterface
import Dependencies

/// The app's authentication flow (the TCA Sign in with Apple tutorial): the sign-in screen until a user is signed in, then the
/// main screen; at launch the stored credential decides.
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
            case ._checkAuthenticationStatusResponse(.signedOut(_)):
                // At launch the sign-in screen already shows; a later check that finds the
                // credential revoked or expired leaves the main screen.
                if case .main = state { state = .signIn(SignIn.State()) }
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
}

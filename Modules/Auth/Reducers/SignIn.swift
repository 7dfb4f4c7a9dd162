import Architecture
import AuthInterface
import Dependencies

/// The sign-in screen's feature: the Sign in with Apple button hands the platform's response to the
/// client; a verified sign-in tells the parent (`delegate(.didSignIn)`), a refused one stays here
/// and shows why.
public struct SignIn: Reducer, Sendable {
    /// The sign-in screen's state.
    public struct State: Sendable, Equatable {
        /// Why the last sign-in failed, shown until the next attempt.
        public var failure: AuthenticationError?
        /// Why the user was signed out while the app was open or since it last ran, when it is
        /// Apple's word (revoked, transferred) or a session that ran out; cleared by a sign-in attempt.
        public var signedOutReason: AuthenticationStatus.SignedOutReason?

        /// A sign-in screen, with no failure or reason unless given.
        public init(failure: AuthenticationError? = nil, signedOutReason: AuthenticationStatus.SignedOutReason? = nil) {
            self.failure = failure
            self.signedOutReason = signedOutReason
        }

        /// What the screen says under its button: the failure, else why the user was signed out.
        public var notice: String? {
            if let failure { return failure.message }
            switch signedOutReason {
            case .revoked: return "You were signed out: you stopped using Sign in with Apple for this app."
            case .expired: return "You were signed out: the session ran out. Sign in again."
            case .transferred: return "You were signed out: the app moved to another developer team. Sign in again."
            case .notFound, nil: return nil
            }
        }
    }

    /// What happens on the sign-in screen.
    public enum Action: Sendable, Equatable {
        /// The platform authorized the user; the response still has to be verified.
        case signInWithAppleButtonTapped(AppleAuthenticationResponse)
        /// The client refused or could not complete the sign-in.
        case _signInFailed(AuthenticationError)
        /// What the parent learns.
        case delegate(Delegate)

        /// Messages for the parent feature.
        public enum Delegate: Sendable, Equatable {
            /// The user is signed in.
            case didSignIn
        }
    }

    @Dependency(\.authenticationClient) var authenticationClient

    /// The feature.
    public init() {}

    /// Runs the sign-in on a tap; records a failure.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .signInWithAppleButtonTapped(let response):
            state.failure = nil
            state.signedOutReason = nil
            return .run { send in
                try await authenticationClient.signIn(response)
                send(.delegate(.didSignIn))
            } catch: { error, send in
                // The client's contract is AuthenticationError; anything else is a fake's failure to
                // say why, and "try again" is the honest answer to it.
                send(._signInFailed(error as? AuthenticationError ?? .cannotVerifyNow))
            }
        case ._signInFailed(let failure):
            state.failure = failure
            return .none
        case .delegate:
            return .none
        }
    }
}

// Not Main.swift: SwiftPM takes a target holding a file of that name for an executable.
import Architecture
import AuthInterface
import Dependencies

/// The signed-in screen's feature: signing out deletes the credential and tells the parent
/// (`delegate(.didSignOut)`). Its screen is the Account tab (`AccountViewController`).
// `Main` is the TCA Sign in with Apple tutorial's name (its tests assert `.main(Main.State())`),
// kept so that they port unchanged.
public struct Main: Reducer, Sendable {
    /// The signed-in screen's state.
    public struct State: Sendable, Equatable {
        /// Why the last sign-out failed, shown until the next attempt.
        public var failure: AuthenticationError?

        /// A signed-in screen, with no failure unless given.
        public init(failure: AuthenticationError? = nil) {
            self.failure = failure
        }
    }

    /// What happens on the signed-in screen.
    public enum Action: Sendable, Equatable {
        /// The user asked to sign out.
        case signOutButtonTapped
        /// The credential could not be deleted; the user stays signed in.
        case _signOutFailed(AuthenticationError)
        /// What the parent learns.
        case delegate(Delegate)

        /// Messages for the parent feature.
        public enum Delegate: Sendable, Equatable {
            /// The user is signed out.
            case didSignOut
        }
    }

    @Dependency(\.authenticationClient) var authenticationClient

    /// The feature.
    public init() {}

    /// Runs the sign-out on a tap; records a failure.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .signOutButtonTapped:
            state.failure = nil
            return .run { send in
                try await authenticationClient.signOut()
                send(.delegate(.didSignOut))
            } catch: { error, send in
                send(._signOutFailed(error as? AuthenticationError ?? .storageFailed(reason: "an unexpected error")))
            }
        case ._signOutFailed(let failure):
            state.failure = failure
            return .none
        case .delegate:
            return .none
        }
    }
}

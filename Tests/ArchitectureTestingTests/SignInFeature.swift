import Architecture
import Dependencies

// A port of the TCA Sign in with Apple tutorial (testing Sign in with Apple built with TCA): the app is `Root`, whose state is
// either the sign-in screen or the main screen; a status check at launch uses an injected client.

/// What the platform's Apple ID credential carries, so the logic never touches the platform framework.
struct AppleAuthenticationResponse: Sendable, Equatable {
    var userID: String
    var email: String?
    var fullName: String?

    static let mock = AppleAuthenticationResponse(userID: "001234.abcd", email: "ada@example.com", fullName: "Ada")
}

struct AuthenticationClient: Sendable {
    enum Status: Sendable, Equatable {
        case signedIn
        case signedOut
    }

    var checkAppleAuthenticationStatus: @Sendable (_ userID: String) async -> Status
}

extension AuthenticationClient: DependencyKey {
    /// The live client would ask the platform; on Linux there is none, so it answers signed out.
    static let liveValue = AuthenticationClient(checkAppleAuthenticationStatus: { _ in .signedOut })
    static let testValue = AuthenticationClient.unimplemented

    static let unimplemented = AuthenticationClient(
        checkAppleAuthenticationStatus: Dependencies.unimplemented(
            "AuthenticationClient.checkAppleAuthenticationStatus", placeholder: .signedOut))
}

extension DependencyValues {
    var authenticationClient: AuthenticationClient {
        get { self[AuthenticationClient.self] }
        set { self[AuthenticationClient.self] = newValue }
    }
}

struct SignIn: Reducer {
    struct State: Sendable, Equatable {
        var userID: String?
    }

    enum Action: Sendable, Equatable {
        case signInWithAppleButtonTapped(AppleAuthenticationResponse)
        case delegate(Delegate)

        enum Delegate: Sendable, Equatable {
            case didSignIn
        }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .signInWithAppleButtonTapped:
            return .send(.delegate(.didSignIn))
        case .delegate:
            return .none
        }
    }
}

struct Main: Reducer {
    struct State: Sendable, Equatable {}

    enum Action: Sendable, Equatable {
        case signOutButtonTapped
        case delegate(Delegate)

        enum Delegate: Sendable, Equatable {
            case didSignOut
        }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .signOutButtonTapped: .send(.delegate(.didSignOut))
        case .delegate: .none
        }
    }
}

struct Root: Reducer {
    enum State: Sendable, Equatable {
        case signIn(SignIn.State)
        case main(Main.State)

        init() {
            self = .signIn(SignIn.State())
        }
    }

    enum Action: Sendable, Equatable {
        case signIn(SignIn.Action)
        case main(Main.Action)
        case _onAppear
        case _checkAuthenticationStatusResponse(AuthenticationClient.Status)
    }

    static let storedUserID = "001234.abcd"

    @Dependency(\.authenticationClient) var authenticationClient

    var body: some Reducer<State, Action> {
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
                    send(
                        ._checkAuthenticationStatusResponse(
                            await authenticationClient.checkAppleAuthenticationStatus(Self.storedUserID)))
                }
            case ._checkAuthenticationStatusResponse(.signedIn):
                state = .main(Main.State())
                return .none
            case ._checkAuthenticationStatusResponse(.signedOut), .signIn, .main:
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

import Architecture
import ArchitectureTesting
import Auth
import AuthInterface
import Dependencies
import Testing

/// The launch check from Swift Testing, for every status the client can give.
@Suite struct RootSwiftTestingTests {
    @Test(arguments: [
        AuthenticationStatus.signedIn, .signedOut, .signedOut(.revoked), .signedOut(.expired),
    ])
    func statusCheckAtLaunch(status: AuthenticationStatus) async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        var authenticationClient = AuthenticationClient.unimplemented
        authenticationClient.checkAppleAuthenticationStatus = { _ in status }
        store.dependencies.authenticationClient = authenticationClient

        await store.send(._onAppear)
        switch status {
        case .signedIn:
            await store.receive(._checkAuthenticationStatusResponse(.signedIn)) {
                $0 = .main(Main.State())
            }
        case .signedOut(.notFound):
            // Nobody was signed in: nothing to say.
            await store.receive(._checkAuthenticationStatusResponse(status))
        case .signedOut(let reason):
            // Apple's word, or a session that ran out: the sign-in screen says why.
            await store.receive(._checkAuthenticationStatusResponse(status)) {
                $0 = .signIn(SignIn.State(signedOutReason: reason))
            }
        }
    }

    @Test func aSignInTheTestDidNotSetUpFailsTheTest() async {
        await withKnownIssue {
            let store = TestStore(initialState: Root.State(), reducer: Root())
            await store.send(.signIn(.signInWithAppleButtonTapped(.mock)))
            await store.receive(.signIn(._signInFailed(.cannotVerifyNow))) {
                $0 = .signIn(SignIn.State(failure: .cannotVerifyNow))
            }
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["Unimplemented: 'AuthenticationClient.signIn'"]
        }
    }
}

import Architecture
import ArchitectureTesting
import Dependencies
import Testing

/// The TCA Sign in with Apple tutorial's behaviours again, from Swift Testing: the TestStore works the same in both.
@Suite struct SignInSwiftTestingTests {
    @Test func signInSucceeds() async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        await store.send(.signIn(.signInWithAppleButtonTapped(.mock)))
        await store.receive(.signIn(.delegate(.didSignIn))) {
            $0 = .main(Main.State())
        }
    }

    @Test func signOut() async {
        let store = TestStore(initialState: .main(Main.State()), reducer: Root())
        await store.send(.main(.signOutButtonTapped))
        await store.receive(.main(.delegate(.didSignOut))) {
            $0 = .signIn(SignIn.State())
        }
    }

    @Test(arguments: [AuthenticationClient.Status.signedIn, .signedOut])
    func statusCheckAtLaunch(status: AuthenticationClient.Status) async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        var authenticationClient = AuthenticationClient.unimplemented
        authenticationClient.checkAppleAuthenticationStatus = { _ in status }
        store.dependencies.authenticationClient = authenticationClient

        await store.send(._onAppear)
        if status == .signedIn {
            await store.receive(._checkAuthenticationStatusResponse(.signedIn)) {
                $0 = .main(Main.State())
            }
        } else {
            await store.receive(._checkAuthenticationStatusResponse(.signedOut))
        }
    }

    @Test func aClientTheTestDidNotSetUpFailsTheTest() async {
        await withKnownIssue {
            let store = TestStore(initialState: Root.State(), reducer: Root())
            await store.send(._onAppear)
            await store.receive(._checkAuthenticationStatusResponse(.signedOut))
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["Unimplemented: 'AuthenticationClient.checkAppleAuthenticationStatus'"]
        }
    }
}

import Architecture
import ArchitectureTestSupport
import ArchitectureTesting
import Dependencies
import XCTest

/// The TCA Sign in with Apple tutorial's three behaviours, from XCTest.
final class SignInTests: XCTestCase {
    func testSignInSucceeds() async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        await store.send(.signIn(.signInWithAppleButtonTapped(.mock)))
        await store.receive(.signIn(.delegate(.didSignIn))) {
            $0 = .main(Main.State())
        }
    }

    func testSignOut() async {
        let store = TestStore(initialState: Root.State.main(Main.State())) {
            Root()
        }
        await store.send(.main(.signOutButtonTapped))
        await store.receive(.main(.delegate(.didSignOut))) {
            $0 = .signIn(SignIn.State())
        }
    }

    func testStatusCheckAtLaunchWhenSignedIn() async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        var authenticationClient = AuthenticationClient.unimplemented
        authenticationClient.checkAppleAuthenticationStatus = { _ in .signedIn }
        store.dependencies.authenticationClient = authenticationClient

        await store.send(._onAppear)
        await store.receive(._checkAuthenticationStatusResponse(.signedIn)) {
            $0 = .main(Main.State())
        }
    }

    func testStatusCheckAtLaunchWhenSignedOut() async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        var authenticationClient = AuthenticationClient.unimplemented
        authenticationClient.checkAppleAuthenticationStatus = { _ in .signedOut }
        store.dependencies.authenticationClient = authenticationClient

        await store.send(._onAppear)
        // The state is already the sign-in state: nothing changes.
        await store.receive(._checkAuthenticationStatusResponse(.signedOut))
    }

    func testTheClientIsAskedAboutTheStoredUser() async {
        let asked = Recording<String>()
        let store = TestStore(initialState: Root.State(), reducer: Root()) {
            $0.authenticationClient.checkAppleAuthenticationStatus = { userID in
                asked.append(userID)
                return .signedOut
            }
        }
        await store.send(._onAppear)
        await store.receive(._checkAuthenticationStatusResponse(.signedOut))
        XCTAssertEqual(asked.values, [Root.storedUserID])
    }
}

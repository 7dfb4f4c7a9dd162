import Architecture
import ArchitectureTesting
import Auth
import AuthInterface
import Dependencies
import TestSupport
import XCTest

/// The TCA Sign in with Apple tutorial's TestStore scenarios, written as the tutorial writes them, plus a refused sign-in.
final class RootTests: XCTestCase {
    func testSignInSucceeds() async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        store.dependencies.authenticationClient.signIn = { _ in }

        await store.send(.signIn(.signInWithAppleButtonTapped(.mock)))
        await store.receive(.signIn(.delegate(.didSignIn))) {
            $0 = .main(Main.State())
        }
    }

    func testSignOut() async {
        let store = TestStore(initialState: Root.State.main(Main.State()), reducer: Root())
        store.dependencies.authenticationClient.signOut = {}

        await store.send(.main(.signOutButtonTapped))
        await store.receive(.main(.delegate(.didSignOut))) {
            $0 = .signIn(SignIn.State())
        }
    }

    func testStatusCheckAtLaunchWhenSignedIn() async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        var authenticationClient = AuthenticationClient.unimplemented
        authenticationClient.checkAppleAuthenticationStatus = { _ in
            .signedIn
        }
        store.dependencies.authenticationClient = authenticationClient

        await store.send(._onAppear)
        await store.receive(._checkAuthenticationStatusResponse(.signedIn)) {
            $0 = .main(Main.State())
        }
    }

    func testStatusCheckAtLaunchWhenSignedOut() async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        var authenticationClient = AuthenticationClient.unimplemented
        authenticationClient.checkAppleAuthenticationStatus = { _ in
            .signedOut
        }
        store.dependencies.authenticationClient = authenticationClient

        await store.send(._onAppear)
        // The launch state is already the sign-in state: nothing changes.
        await store.receive(._checkAuthenticationStatusResponse(.signedOut))
    }

    func testARefusedSignInShowsTheReasonAndStaysOnTheSignInScreen() async {
        let store = TestStore(initialState: Root.State(), reducer: Root())
        store.dependencies.authenticationClient.signIn = { _ in
            throw AuthenticationError.invalidToken(.expired)
        }

        await store.send(.signIn(.signInWithAppleButtonTapped(.mock)))
        await store.receive(.signIn(._signInFailed(.invalidToken(.expired)))) {
            $0 = .signIn(SignIn.State(failure: .invalidToken(.expired)))
        }

        // The next attempt clears the reason; this one cannot be checked now.
        store.dependencies.authenticationClient.signIn = { _ in
            throw AuthenticationError.cannotVerifyNow
        }
        await store.send(.signIn(.signInWithAppleButtonTapped(.mock))) {
            $0 = .signIn(SignIn.State())
        }
        await store.receive(.signIn(._signInFailed(.cannotVerifyNow))) {
            $0 = .signIn(SignIn.State(failure: .cannotVerifyNow))
        }
    }

    func testTheClientGetsTheResponseAndTheStatusCheckAsksAboutTheStoredUser() async {
        let received = AppendLog<String>()
        let store = TestStore(initialState: Root.State(), reducer: Root())
        store.dependencies.authenticationClient.signIn = { response in received.append("signIn \(response.userID)") }
        store.dependencies.authenticationClient.checkAppleAuthenticationStatus = { userID in
            received.append("status \(userID ?? "nil")")
            return .signedOut(.revoked)
        }
        await store.send(._onAppear)
        await store.receive(._checkAuthenticationStatusResponse(.signedOut(.revoked))) {
            $0 = .signIn(SignIn.State(signedOutReason: .revoked))
        }
        await store.send(.signIn(.signInWithAppleButtonTapped(.mock))) {
            $0 = .signIn(SignIn.State())
        }
        await store.receive(.signIn(.delegate(.didSignIn))) {
            $0 = .main(Main.State())
        }
        XCTAssertEqual(received.values, ["status nil", "signIn 001234.abcd"])
    }

    func testALaterCheckThatFindsTheCredentialRevokedLeavesTheMainScreen() async {
        let store = TestStore(initialState: Root.State.main(Main.State()), reducer: Root())
        store.dependencies.authenticationClient.checkAppleAuthenticationStatus = { _ in .signedOut(.revoked) }
        await store.send(._onAppear)
        await store.receive(._checkAuthenticationStatusResponse(.signedOut(.revoked))) {
            $0 = .signIn(SignIn.State(signedOutReason: .revoked))
        }
    }

    func testTheScreensFollowTheStoredSignInAndSayWhyItEnded() async {
        let (changes, change) = AsyncStream.makeStream(of: AuthenticationStatus.self)
        let store = TestStore(initialState: Root.State(), reducer: Root())
        store.dependencies.authenticationClient.storedStatusChanges = { changes }

        let following = await store.send(.task)
        change.yield(.signedOut(.notFound))
        await store.receive(._storedStatusChanged(.signedOut(.notFound)))
        change.yield(.signedIn)
        await store.receive(._storedStatusChanged(.signedIn)) {
            $0 = .main(Main.State())
        }
        change.yield(.signedOut(.expired))
        await store.receive(._storedStatusChanged(.signedOut(.expired))) {
            $0 = .signIn(SignIn.State(signedOutReason: .expired))
        }
        XCTAssertEqual(SignIn.State(signedOutReason: .expired).notice, "You were signed out: the session ran out. Sign in again.")
        change.yield(.signedOut(.revoked))
        await store.receive(._storedStatusChanged(.signedOut(.revoked))) {
            $0 = .signIn(SignIn.State(signedOutReason: .revoked))
        }
        following.cancel()
    }

    func testAFailedSignOutStaysOnTheMainScreenWithTheReason() async {
        let store = TestStore(initialState: Root.State.main(Main.State()), reducer: Root())
        store.dependencies.authenticationClient.signOut = {
            throw AuthenticationError.storageFailed(reason: "cannot delete /s/credential.json: permission denied")
        }
        await store.send(.main(.signOutButtonTapped))
        await store.receive(.main(._signOutFailed(.storageFailed(reason: "cannot delete /s/credential.json: permission denied")))) {
            $0 = .main(Main.State(failure: .storageFailed(reason: "cannot delete /s/credential.json: permission denied")))
        }
    }
}

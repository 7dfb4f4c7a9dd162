import Architecture
import Auth
import AuthInterface
import AuthTesting
import Dependencies
import Reactive
import ReactiveTesting
import TerminalUI
import TestSupport
import XCTest

/// The screens on a headless terminal, driven by keys, with a fake client behind the store.
@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class ScreenTests: XCTestCase {
    func testTheScreensFollowTheStoredSignInWhoeverChangesIt() {
        let authentication = FakeAuthentication(signedInUser: "ana")
        let app = App(client: authentication.client, followsStoredStatus: true)
        app.waitUntil("signed in at launch") { if case .main = $0 { true } else { false } }

        // Apple's consent-revoked, applied by another process: the screen goes, and says why.
        authentication.revoke()
        app.waitUntil("signed out") { $0 == .signIn(SignIn.State(signedOutReason: .revoked)) }
        XCTAssertTrue(app.screen.rootViewController is SignInViewController)
        XCTAssertTrue(app.terminal.snapshot().contains("You were signed out:"), app.terminal.snapshot())

        // `bistro auth sign-in` in another terminal.
        authentication.signInElsewhere("ben")
        app.waitUntil("signed in elsewhere") { if case .main = $0 { true } else { false } }
        XCTAssertTrue(app.screen.rootViewController is AccountViewController)

        // A sign-out here says no reason, and the stored status that follows changes nothing.
        app.terminal.press(.enter)
        app.waitUntil("signed out here") { $0 == .signIn(SignIn.State()) }
        XCTAssertFalse(app.terminal.snapshot().contains("You were signed out"), app.terminal.snapshot())
    }

    func testTheScreensNameTheAppTheyAreIn() {
        let app = App(
            client: AuthenticationClient(checkAppleAuthenticationStatus: { _ in .signedOut }, signIn: { _ in }, signOut: {}),
            appTitle: "Loyalty")
        app.waitUntilShown("Sign in with Apple")
        XCTAssertTrue(app.terminal.snapshot().contains("Loyalty"), app.terminal.snapshot())
        XCTAssertFalse(app.terminal.snapshot().contains("Bistro"), app.terminal.snapshot())
        app.terminal.press(.enter)
        app.waitUntil("signed in") { if case .main = $0 { true } else { false } }
        XCTAssertTrue(app.terminal.snapshot().contains("Welcome to Loyalty"), app.terminal.snapshot())
    }

    func testSignInThenSignOut() {
        let calls = AppendLog<String>()
        let launchChecked = XCTestExpectation(description: "the launch check ran")
        let app = App(
            client: AuthenticationClient(
                checkAppleAuthenticationStatus: { _ in
                    calls.append("status")
                    launchChecked.fulfill()
                    return .signedOut
                },
                signIn: { calls.append("signIn \($0.userID)") },
                signOut: { calls.append("signOut") }))
        XCTAssertEqual(XCTWaiter().wait(for: [launchChecked], timeout: 10), .completed)
        app.waitUntilShown("Sign in with Apple")
        XCTAssertEqual(
            app.terminal.snapshot(),
            lines(
                "",
                "",
                "            Bistro",
                "",
                "    [>Sign in with Apple<]",
                "",
                "",
                "",
                "Signed out       Enter sign in"
            ))
        XCTAssertTrue(app.screen.rootViewController is SignInViewController)

        app.terminal.press(.enter)
        app.waitUntil("signed in") { if case .main = $0 { true } else { false } }
        XCTAssertTrue(app.screen.rootViewController is AccountViewController)
        XCTAssertEqual(
            app.terminal.snapshot(),
            lines(
                "",
                "",
                "      Welcome to Bistro",
                "",
                "         [>Sign out<]",
                "",
                "",
                "",
                "Signed in       Enter sign out"
            ))

        app.terminal.press(.enter)
        app.waitUntil("signed out") { if case .signIn = $0 { true } else { false } }
        XCTAssertTrue(app.screen.rootViewController is SignInViewController)
        XCTAssertEqual(calls.values, ["status", "signIn 001234.abcd", "signOut"])
    }

    func testARefusedSignInShowsWhy() {
        let app = App(
            client: AuthenticationClient(
                checkAppleAuthenticationStatus: { _ in .signedOut },
                signIn: { _ in throw AuthenticationError.invalidToken(.expired) },
                signOut: {}))
        app.terminal.press(.enter)
        app.waitUntil("refused") { state in
            if case .signIn(let signIn) = state { signIn.failure != nil } else { false }
        }
        XCTAssertTrue(app.screen.rootViewController is SignInViewController)
        XCTAssertEqual(
            app.terminal.snapshot(),
            lines(
                "",
                "            Bistro",
                "",
                "    [>Sign in with Apple<]",
                "",
                " The sign-in was refused: the",
                " identity token has expired.",
                "",
                "Signed out       Enter sign in"
            ))
    }

    func testALaunchWhileSignedInShowsTheMainScreen() {
        let app = App(
            client: AuthenticationClient(
                checkAppleAuthenticationStatus: { _ in .signedIn },
                signIn: { _ in XCTFail("signIn") },
                signOut: {}))
        app.waitUntil("the launch check signed in") { if case .main = $0 { true } else { false } }
        XCTAssertTrue(app.screen.rootViewController is AccountViewController)
        XCTAssertTrue(app.terminal.snapshot().contains("Welcome to Bistro"))
    }

    func testTheAppChoosesWhatShowsOnceSignedIn() {
        let app = App(
            client: AuthenticationClient(checkAppleAuthenticationStatus: { _ in .signedIn }, signIn: { _ in }, signOut: {}),
            makeMainViewController: { TabBarController(viewControllers: [AccountViewController(store: $0, appTitle: "Bistro")]) })
        app.waitUntil("the launch check signed in") { if case .main = $0 { true } else { false } }
        let tabs = try? XCTUnwrap(app.screen.rootViewController as? TabBarController)
        XCTAssertTrue(tabs?.selectedViewController is AccountViewController)
        XCTAssertTrue(app.terminal.snapshot().contains("[Account]"), "the main screen's title names its tab")
        app.terminal.press(.enter)
        app.waitUntil("signed out from inside the tab") { if case .signIn = $0 { true } else { false } }
        XCTAssertTrue(app.screen.rootViewController is SignInViewController)
    }

    func testACancelledAuthorizationSendsNothing() {
        let calls = AppendLog<String>()
        let app = App(
            client: AuthenticationClient(
                checkAppleAuthenticationStatus: { _ in .signedOut },
                signIn: { _ in calls.append("signIn") },
                signOut: {}),
            authorize: {
                calls.append("authorize")
                return .error(CancellationError())
            })
        app.terminal.press(.enter)
        app.terminal.press(.enter)
        drainMainQueue()
        XCTAssertEqual(calls.values, ["authorize", "authorize"])
        XCTAssertEqual(app.store.state, Root.State())
        XCTAssertTrue(app.screen.rootViewController is SignInViewController)
    }
}

/// A store with a fake client, its coordinator on a 30 × 9 headless terminal, started.
@MainActor
private final class App {
    let terminal = HeadlessTerminal(width: 30, height: 9)
    let screen: Screen
    let store: Store<Root.State, Root.Action>
    let coordinator: RootCoordinator

    init(
        client: AuthenticationClient, appTitle: String = "Bistro",
        authorize: @escaping () -> Observable<AppleAuthenticationResponse> = { .just(.mock) },
        makeMainViewController: ((Store<Main.State, Main.Action>) -> ViewController)? = nil, followsStoredStatus: Bool = false
    ) {
        screen = Screen(terminal: terminal)
        var client = client
        if !followsStoredStatus {
            // Nothing changes the stored sign-in but these screens.
            client.storedStatusChanges = { AsyncStream { $0.finish() } }
        }
        store = Store(initialState: Root.State()) {
            Root()
        } withDependencies: { [client] in
            $0.authenticationClient = client
        }
        let (store, screen) = (store, screen)
        coordinator = RootCoordinator(
            store: store, screen: screen, appTitle: appTitle, authorize: authorize, makeMainViewController: makeMainViewController)
        coordinator.start()
    }

    /// Runs the main queue until the terminal shows `text`, for at most 10 seconds (then fails).
    ///
    /// Draining the main queue once is not enough at launch: while an effect's answer is being
    /// processed on its own thread, a screen's subscription made meanwhile gets its first state
    /// from that thread, a moment later, and only then queues its drawing on the main queue.
    func waitUntilShown(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date(timeIntervalSinceNow: 10)
        drainMainQueue()
        while !terminal.snapshot().contains(text) {
            guard Date() < deadline else {
                XCTFail("the screen did not show '\(text)' within 10 seconds:\n\(terminal.snapshot())", file: file, line: line)
                return
            }
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.01))
            drainMainQueue()
        }
    }

    /// Waits until the store's state satisfies `predicate` and the main queue has applied it.
    func waitUntil(_ description: String, _ predicate: @escaping (Root.State) -> Bool) {
        let reached = XCTestExpectation(description: description)
        let subscription = store.states
            .filter(predicate)
            .take(1)
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { _ in reached.fulfill() })
        XCTAssertEqual(XCTWaiter().wait(for: [reached], timeout: 10), .completed, description)
        subscription.dispose()
        drainMainQueue()
    }
}

/// A snapshot as a literal: lines joined with newlines.
private func lines(_ rows: String...) -> String {
    rows.joined(separator: "\n")
}

import AuthTestSupport
import Foundation
import TestSupport
import XCTest

/// `bistro` on a terminal: the sign-in screen, then Menu, Contacts and Account in tabs switched
/// with Tab, alerts for failures, and the terminal restored at the end, driven on a pseudo-terminal.
final class FullScreenAppTests: BistroTestCase {
    private var keyServer: AppleAuthServer?
    private var configServer: LocalConfigServer?

    // Synchronous: a process started from a Swift concurrency thread inherits its blocked signals.
    override func setUpWithError() throws {
        try super.setUpWithError()
        keyServer = try AppleAuthServer(keys: [TestKeys.rsa1])
    }

    override func tearDownWithError() throws {
        keyServer?.stop()
        configServer?.stop()
        try super.tearDownWithError()
    }

    private var keysURL: String { keyServer!.keySetURL.absoluteString }

    private func session(_ arguments: [String], _ steps: [TerminalSession.Step]) throws -> TerminalSession.Result {
        var environment = environment
        environment["TERM"] = "xterm-256color"
        let result = try TerminalSession.run(try Self.executable, arguments, environment: environment, steps: steps)
        XCTAssertNil(result.failure, "\(result.failure ?? "")\n\(result.screen)")
        XCTAssertEqual(result.status, 0, result.mainScreen)
        XCTAssertTrue(result.restored, "the terminal is left as it was found")
        return result
    }

    /// A token for the test user, valid now, signed by the key the local key set serves.
    private func token() -> String {
        TestToken(key: TestKeys.rsa1, now: Date()).signed(by: TestKeys.rsa1)
    }

    private func signInFromTheCommandLine(stateDirectory: String) throws {
        let file = home.appendingPathComponent("token.jwt")
        try Data(token().utf8).write(to: file)
        let run = try bistro("auth", "sign-in", "--identity-token", file.path, "--apple-keys-url", keysURL, "--state-dir", stateDirectory)
        XCTAssertEqual(run.status, 0, run.standardError)
    }

    func testTheFakeAppSignsInShowsTheTabsAndSignsOut() throws {
        let result = try session(
            ["--fake"],
            [
                .waitFor("Sign in with Apple"), .snapshot("signIn"), .enter,
                .waitFor("[Menu]"), .waitFor("튀김"), .send("+"), .waitFor("Items 1"), .snapshot("menu"),
                .tab, .waitFor("[Contacts]"), .waitFor("서울특별시 종로구 세종대로 175"), .snapshot("contacts"),
                .tab, .waitFor("Welcome to Bistro"), .snapshot("account"),
                .enter, .waitFor("Sign in with Apple"),
                .controlC, .exit,
            ])
        let snapshots = result.snapshots
        XCTAssertTrue(snapshots["signIn"]?.contains("Signed out") ?? false, snapshots["signIn"] ?? "")
        XCTAssertTrue(snapshots["menu"]?.contains("Total ₩4,000") ?? false, snapshots["menu"] ?? "")
        XCTAssertTrue(snapshots["menu"]?.contains("Tab switches") ?? false, snapshots["menu"] ?? "")
        XCTAssertTrue(snapshots["contacts"]?.contains("+82 2-1234-5678") ?? false, snapshots["contacts"] ?? "")
        XCTAssertTrue(snapshots["account"]?.contains("[Account]") ?? false, snapshots["account"] ?? "")
    }

    func testShiftTabGoesBackAndTheSelectionSurvivesSwitchingTabs() throws {
        let result = try session(
            ["--fake"],
            [
                .waitFor("Sign in with Apple"), .enter,
                .waitFor("튀김"), .send("++"), .waitFor("Items 2"),
                .send("\u{1B}[Z"), .waitFor("[Account]"), .send("\u{1B}[Z"), .waitFor("[Contacts]"), .send("\u{1B}[Z"),
                .waitFor("[Menu]"), .snapshot("back"),
                .controlC, .exit,
            ])
        XCTAssertTrue(result.snapshots["back"]?.contains("Items 2") ?? false, result.snapshots["back"] ?? "")
    }

    func testALiveSignInWithAPastedTokenThenTheNextLaunchOpensSignedIn() throws {
        let token = token()
        let signature = String(token.split(separator: ".").last!)
        let first = try session(
            ["--apple-keys-url", keysURL],
            [
                .waitFor("Sign in with Apple"), .enter,
                // Pasted as a terminal pastes (bracketed), copied across two lines with a trailing newline:
                // the newlines are not Enter and do not end up in the token.
                .waitFor("Paste the identity token"), .send("\u{1B}[200~\(token.prefix(40))\n\(token.dropFirst(40))\n\u{1B}[201~"),
                .waitFor("•••"), .snapshot("typed"), .enter,
                .waitFor("[Menu]"), .controlC, .exit,
            ])
        let typed = first.snapshots["typed"] ?? ""
        XCTAssertFalse(typed.contains(signature.prefix(12)), "the token is masked on screen:\n\(typed)")
        XCTAssertFalse(first.screen.contains(signature.prefix(12)))

        let status = try bistro("auth", "status")
        XCTAssertTrue(status.standardOutput.hasPrefix("signed in as \(TestToken.userID)\n"), status.standardOutput)

        // The credential is kept: the next launch goes straight to the tabs.
        _ = try session(["--apple-keys-url", keysURL], [.waitFor("[Menu]"), .waitFor("튀김"), .controlC, .exit])
    }

    func testTheOpenAppFollowsASignOutAndASignInFromAnotherTerminal() throws {
        let state = home.appendingPathComponent("followed-state").path
        try signInFromTheCommandLine(stateDirectory: state)
        let bistro = try Self.executable.path
        let token = home.appendingPathComponent("token.jwt").path
        let result = try session(
            ["--apple-keys-url", keysURL, "--state-dir", state],
            [
                .waitFor("[Menu]"),
                .run([bistro, "auth", "sign-out", "--state-dir", state]),
                .waitFor("Sign in with Apple"), .snapshot("signedOut"),
                .run([bistro, "auth", "sign-in", "--identity-token", token, "--apple-keys-url", keysURL, "--state-dir", state]),
                .waitFor("[Menu]"), .snapshot("signedIn"),
                .controlC, .exit,
            ])
        XCTAssertFalse(result.snapshots["signedOut"]?.contains("[Menu]") ?? true, result.snapshots["signedOut"] ?? "")
        XCTAssertTrue(result.snapshots["signedIn"]?.contains("Account") ?? false, result.snapshots["signedIn"] ?? "")
    }

    func testARefusedTokenShowsWhyOnTheSignInScreen() throws {
        let result = try session(
            ["--apple-keys-url", keysURL],
            [
                .waitFor("Sign in with Apple"), .enter,
                .waitFor("Paste the identity token"), .send("not.a-token.at-all"), .enter,
                .waitFor("token"), .waitUntilGone("Paste the identity token"), .snapshot("refused"),
                .controlC, .exit,
            ])
        let refused = result.snapshots["refused"] ?? ""
        XCTAssertTrue(refused.contains("Sign in with Apple"), refused)
        XCTAssertFalse(refused.contains("[Menu]"), refused)
        XCTAssertEqual(try bistro("auth", "status").standardOutput, "signed out\n")
    }

    func testEscapeCancelsTheSignIn() throws {
        let result = try session(
            ["--apple-keys-url", keysURL],
            [
                .waitFor("Sign in with Apple"), .enter, .waitFor("Paste the identity token"), .escape,
                .waitUntilGone("Paste the identity token"), .snapshot("cancelled"), .controlC, .exit,
            ])
        XCTAssertTrue(result.snapshots["cancelled"]?.contains("Signed out") ?? false, result.snapshots["cancelled"] ?? "")
    }

    func testASyncFailureShowsAnAlertWithOneOKAndKeepsThePreviousContacts() throws {
        let server = try LocalConfigServer()
        configServer = server
        let url = server.baseURL.absoluteString
        XCTAssertEqual(try bistro("contacts", "--remote-config-url", url).status, 0)
        // A state directory of its own (its sign-in too): the first run's fetch would otherwise be
        // reused for the minimum fetch interval.
        let state = home.appendingPathComponent("second-state").path
        try signInFromTheCommandLine(stateDirectory: state)
        try server.script([["mode": "500"], ["mode": "500"], ["mode": "500"]])
        let result = try session(
            ["--remote-config-url", url, "--state-dir", state],
            [
                .waitFor("[Menu]"), .waitFor("[>OK<]"), .snapshot("menuAlert"), .enter, .waitUntilGone("[>OK<]"),
                .tab, .waitFor("[>OK<]"), .snapshot("contactsAlert"), .enter, .waitUntilGone("[>OK<]"),
                .snapshot("contacts"), .controlC, .exit,
            ])
        for name in ["menuAlert", "contactsAlert"] {
            let screen = result.snapshots[name] ?? ""
            XCTAssertEqual(screen.components(separatedBy: "[>").count - 1, 1, "one button:\n\(screen)")
        }
        // The failed sync left the contacts the first run stored.
        XCTAssertTrue(result.snapshots["contacts"]?.contains("+82 2-1234-5678") ?? false, result.snapshots["contacts"] ?? "")
    }

    func testOpenScreensShowTemplatesPublishedOnTheServerWithNoKeyPressed() throws {
        let server = try LocalConfigServer()
        configServer = server
        let state = home.appendingPathComponent("state-dir").path
        try signInFromTheCommandLine(stateDirectory: state)
        let contacts = #"[{"address": "서울특별시 종로구 세종대로 175", "order": 0, "phone": "+82 2-1234-5678"}]"#
        let newMenu = ["menu": #"[{"id": 1, "name": "비빔밥", "price": 8000}]"#, "seller_contacts": contacts]
        var newContacts = newMenu
        newContacts["seller_contacts"] = #"[{"address": "제주특별자치도 제주시 1", "order": 0, "phone": "+82 64-000-0000"}]"#
        let result = try session(
            ["--remote-config-url", server.baseURL.absoluteString, "--state-dir", state],
            [
                .waitFor("[Menu]"), .waitFor("튀김"),
                .run(try server.publishCommand(newMenu)), .waitFor("비빔밥"), .waitUntilGone("튀김"), .snapshot("menu"),
                .tab, .waitFor("[Contacts]"), .waitFor("+82 2-1234-5678"),
                .run(try server.publishCommand(newContacts)), .waitFor("제주특별자치도 제주시 1"), .snapshot("contacts"),
                .controlC, .exit,
            ])
        XCTAssertTrue(result.snapshots["menu"]?.contains("₩8,000") ?? false, result.snapshots["menu"] ?? "")
        XCTAssertFalse(result.snapshots["contacts"]?.contains("[>OK<]") ?? true, "no alert: \(result.snapshots["contacts"] ?? "")")
    }

    func testAnAppleAppsOwnFirebaseProjectFillsTheScreensAndFollowsItsTemplates() throws {
        let plist = home.appendingPathComponent("GoogleService-Info.plist")
        try FirebaseOptionsFiles.infoPlist().write(to: plist)
        let server = try LocalConfigServer(arguments: ["--firebase-options", plist.path, "--restrict-key", "ios:app.bistro.tests"])
        configServer = server
        let state = home.appendingPathComponent("state-dir").path
        try signInFromTheCommandLine(stateDirectory: state)
        let newMenu = ["menu": #"[{"id": 1, "name": "비빔밥", "price": 8000}]"#]
        let result = try session(
            ["--firebase-options", plist.path, "--remote-config-url", server.baseURL.absoluteString, "--state-dir", state],
            [
                .waitFor("[Menu]"), .waitFor("튀김"),
                .tab, .waitFor("[Contacts]"), .waitFor("+82 2-1234-5678"), .tab, .tab, .waitFor("[Menu]"),
                .run(try server.publishCommand(newMenu)), .waitFor("비빔밥"), .waitUntilGone("튀김"), .snapshot("menu"),
                .controlC, .exit,
            ])
        XCTAssertTrue(result.snapshots["menu"]?.contains("₩8,000") ?? false, result.snapshots["menu"] ?? "")
        XCTAssertEqual(try server.installationsWaiting().registrations, 1)
    }

    func testNotOnATerminalTheAppPrintsTheSummary() throws {
        let run = try bistro("--fake")
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("Menu\n"), run.standardOutput)
        XCTAssertFalse(run.standardOutput.contains("\u{1B}"), "no escape sequences in a pipe")
    }
}

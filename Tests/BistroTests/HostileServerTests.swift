import AuthTestSupport
import Foundation
import TestSupport
import XCTest

/// Servers that never answer, trickle, send too much or break off: every network command ends by
/// its deadline (`--timeout`, BISTRO_TIMEOUT) with a sentence that says what happened, and plain
/// HTTP goes to this machine only.
final class HostileServerTests: BistroTestCase {
    private var server: ScriptServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try ScriptServer(script: "hostile-http-server.py", arguments: ["--hold", "30"])
    }

    override func tearDownWithError() throws {
        server?.stop()
        try super.tearDownWithError()
    }

    private func url(_ behaviour: String) -> String {
        server.baseURL.appendingPathComponent(behaviour).absoluteString
    }

    /// Runs `bistro` and the time it took.
    private func timed(_ arguments: [String], environment: [String: String] = [:]) throws -> (Run, TimeInterval) {
        let started = Date()
        let run = try bistro(args: arguments, environment: environment)
        return (run, Date().timeIntervalSince(started))
    }

    // The upper bounds are the deadline plus a wide margin for a loaded machine: what is checked is
    // that the deadline ends the command, where it used to wait 60 s, or forever.

    func testARemoteConfigServerThatNeverAnswersEndsAtTheTimeout() throws {
        let (run, elapsed) = try timed(["--remote-config-url", url("silent"), "--timeout", "1", "config", "fetch"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardError, "bistro: error: could not fetch the remote config: The remote config fetch timed out.\n")
        XCTAssertLessThan(elapsed, 20)
    }

    func testTheTimeoutCanComeFromTheEnvironment() throws {
        let (run, elapsed) = try timed(["--remote-config-url", url("trickle"), "contacts"], environment: ["BISTRO_TIMEOUT": "1.5"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.standardError, "bistro: error: could not sync the contacts: The remote config fetch timed out.\n")
        XCTAssertLessThan(elapsed, 20)
    }

    func testABrokenOffAnswerSaysSoRatherThanUnreachable() throws {
        let run = try bistro(args: ["--remote-config-url", url("truncated"), "config", "fetch"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.standardError,
            """
            bistro: error: could not fetch the remote config: The remote config server's answer could not be read: \
            the connection closed after 100 of 1000 bytes.

            """)
        let dropped = try bistro(args: ["--remote-config-url", url("drop"), "config", "fetch"])
        XCTAssertEqual(
            dropped.standardError,
            """
            bistro: error: could not fetch the remote config: The remote config server's answer could not be read: \
            the server took the connection and closed it without answering.

            """)
    }

    func testAHugeAnswerIsRefused() throws {
        let run = try bistro(args: ["--remote-config-url", url("huge"), "config", "fetch"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.standardError, "bistro: error: could not fetch the remote config: The remote config answer is larger than 1048576 bytes.\n")
    }

    func testAKeySetServerThatNeverAnswersOrTricklesEndsSignInAtTheTimeout() throws {
        // A well-formed token whose key must be fetched to check it.
        let token = home.appendingPathComponent("token.jwt")
        try Data(TestToken(key: TestKeys.rsa1, now: Date()).signed(by: TestKeys.rsa1).utf8).write(to: token)
        for behaviour in ["silent", "trickle", "trickle-headers", "huge"] {
            let (run, elapsed) = try timed([
                "auth", "sign-in", "--identity-token", token.path,
                "--apple-keys-url", url("\(behaviour)/auth/keys"), "--timeout", "1",
            ])
            XCTAssertEqual(run.status, 1, behaviour)
            XCTAssertEqual(
                run.standardError, "bistro: error: cannot verify now: The sign-in cannot be checked right now. Try again when online.\n",
                behaviour)
            XCTAssertLessThan(elapsed, 20, behaviour)
            XCTAssertGreaterThanOrEqual(elapsed, behaviour == "huge" ? 0 : 1, "\(behaviour): the key set was fetched and waited for")
        }
    }

    func testPlainHTTPToAnotherMachineIsAUsageError() throws {
        for option in ["--remote-config-url", "--apple-keys-url"] {
            let run = try bistro(option, "http://example.com/config", "contacts")
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(
                run.standardError,
                """
                bistro: error: 'http://example.com/config' must use https (plain http only to this machine: localhost, 127.0.0.1, ::1)
                try 'bistro --help' for usage

                """)
        }
        let environment = try bistro(args: ["contacts"], environment: ["BISTRO_REMOTE_CONFIG_URL": "http://10.0.0.1:8080"])
        XCTAssertEqual(environment.status, 2)
    }

    func testATimeoutThatIsNotAPositiveNumberIsAUsageError() throws {
        for value in ["0", "-1", "soon", "nan", "0x10", "+3", "1e1", "1e10", " 3", ".", "1.5.2", "٣"] {
            let run = try bistro("--timeout", value, "contacts")
            XCTAssertEqual(run.status, 2, value)
            XCTAssertEqual(
                run.standardError,
                "bistro: error: TIMEOUT must be a number of seconds above 0, not '\(value)'\ntry 'bistro --help' for usage\n")
        }
        XCTAssertTrue(try bistro("--help").standardOutput.contains("--timeout SECONDS"))
        let decimal = try bistro("--timeout", "2.5", "contacts")
        XCTAssertEqual(decimal.status, 0, decimal.standardError)
    }
}

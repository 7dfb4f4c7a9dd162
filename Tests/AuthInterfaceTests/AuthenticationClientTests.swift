import AuthInterface
import Dependencies
import TestSupport
import XCTest

final class AuthenticationClientTests: XCTestCase {
    func testEveryUnimplementedEndpointReportsItsName() async {
        let reporter = CapturingReporter()
        let client = AuthenticationClient.unimplemented
        await withIssueReporter(reporter) {
            let status = await client.checkAppleAuthenticationStatus("001234.abcd")
            XCTAssertEqual(status, .signedOut)
            do {
                try await client.signIn(AppleAuthenticationResponse(userID: "001234.abcd", identityToken: "token"))
                XCTFail("signIn returned")
            } catch {
                XCTAssertEqual((error as? UnimplementedFailure)?.name, "AuthenticationClient.signIn")
            }
            do {
                try await client.signOut()
                XCTFail("signOut returned")
            } catch {
                XCTAssertEqual((error as? UnimplementedFailure)?.name, "AuthenticationClient.signOut")
            }
        }
        XCTAssertEqual(
            reporter.messages,
            [
                "Unimplemented: 'AuthenticationClient.checkAppleAuthenticationStatus'",
                "Unimplemented: 'AuthenticationClient.signIn'",
                "Unimplemented: 'AuthenticationClient.signOut'",
            ])
    }

    func testTestsGetTheUnimplementedClientAndCanReplaceOneEndpoint() async {
        let reporter = CapturingReporter()
        await withIssueReporter(reporter) {
            var client = DependencyValues.current.authenticationClient
            client.checkAppleAuthenticationStatus = { _ in .signedIn }
            let status = await client.checkAppleAuthenticationStatus(nil)
            XCTAssertEqual(status, .signedIn)
            _ = try? await client.signOut()
        }
        XCTAssertEqual(reporter.messages, ["Unimplemented: 'AuthenticationClient.signOut'"])
    }

    func testAnOverrideReachesCodeReadingTheDependency() async {
        let status = await withDependencies {
            $0.authenticationClient.checkAppleAuthenticationStatus = { userID in
                userID == "001234.abcd" ? .signedIn : .signedOut(.expired)
            }
        } operation: {
            @Dependency(\.authenticationClient) var client
            return (await client.checkAppleAuthenticationStatus("001234.abcd"), await client.checkAppleAuthenticationStatus("x"))
        }
        XCTAssertEqual(status.0, .signedIn)
        XCTAssertEqual(status.1, .signedOut(.expired))
    }
}

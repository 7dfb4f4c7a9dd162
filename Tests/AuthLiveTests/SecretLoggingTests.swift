import AuthInterface
import AuthLive
import AuthTestSupport
import Foundation
import XCTest

/// The identity token is never printed or logged, whatever happens to it.
final class SecretLoggingTests: LiveClientTestCase {
    func testNoLogLineOrErrorEverShowsTheToken() async throws {
        var tokens: [String] = []
        let client = makeClient()

        let valid = token().signed(by: TestKeys.rsa1)
        tokens.append(valid)
        try await client.signIn(response(valid))

        var expired = token()
        expired.claims["exp"] = Int(clock.now.timeIntervalSince1970) - 3600
        let expiredToken = expired.signed(by: TestKeys.rsa1)
        tokens.append(expiredToken)
        var errors: [AuthenticationError] = []
        do { try await client.signIn(response(expiredToken)) } catch { errors.append(error) }

        var broken = token()
        broken.claims["email_verified"] = "not a flag"
        let brokenToken = broken.signed(by: TestKeys.rsa1)
        tokens.append(brokenToken)
        do { try await client.signIn(response(brokenToken)) } catch { errors.append(error) }

        server.stop()
        let unknownKey = token(TestKeys.rsa2).signed(by: TestKeys.rsa2)
        tokens.append(unknownKey)
        do { try await makeClient().signIn(response(unknownKey)) } catch { errors.append(error) }

        XCTAssertEqual(errors, [.invalidToken(.expired), .invalidToken(.malformed), .cannotVerifyNow])
        let lines = logged.values
        XCTAssertFalse(lines.isEmpty)
        let printed =
            lines + errors.map { "\($0)" } + errors.map { String(reflecting: $0) }
            + tokens.map { "\(response($0))" }
        for token in tokens {
            let signature = String(token.split(separator: ".")[2])
            let claims = String(token.split(separator: ".")[1])
            for line in printed {
                XCTAssertFalse(line.contains(signature), line)
                XCTAssertFalse(line.contains(claims), line)
            }
        }
    }
}

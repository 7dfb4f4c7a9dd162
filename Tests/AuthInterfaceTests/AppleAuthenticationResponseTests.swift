import AuthInterface
import XCTest

/// Responses travel in actions, which tests and logs print: the secrets must never show.
final class AppleAuthenticationResponseTests: XCTestCase {
    private let token = "eyJhbGciOiJSUzI1NiJ9.c2VjcmV0LWNsYWltcw.c2lnbmF0dXJl"
    private let code = "c0de.0.abcd.secret-authorization-code"

    private var response: AppleAuthenticationResponse {
        AppleAuthenticationResponse(
            userID: "001234.abcd", identityToken: token, authorizationCode: code,
            email: "ada@example.com", fullName: "Ada Lovelace", nonce: "raw-nonce-42")
    }

    func testDescriptionsRedactTheSecrets() {
        for text in [String(describing: response), String(reflecting: response), "\(response)"] {
            XCTAssertFalse(text.contains(token), text)
            XCTAssertFalse(text.contains(code), text)
            XCTAssertFalse(text.contains("raw-nonce-42"), text)
            XCTAssertTrue(text.contains("001234.abcd"), text)
            XCTAssertTrue(text.contains("<redacted, \(token.utf8.count) bytes>"), text)
        }
    }

    func testDumpAndMirrorRedactTheSecrets() {
        var dumped = ""
        dump(response, to: &dumped)
        XCTAssertFalse(dumped.contains(token), dumped)
        XCTAssertFalse(dumped.contains(code), dumped)
        let fields = Dictionary(uniqueKeysWithValues: Mirror(reflecting: response).children.map { ($0.label!, "\($0.value)") })
        XCTAssertEqual(fields["identityToken"], "<redacted, \(token.utf8.count) bytes>")
        XCTAssertEqual(fields["userID"], "001234.abcd")
    }

    func testEqualityStillComparesTheSecrets() {
        var other = response
        other.identityToken = token + "x"
        XCTAssertNotEqual(response, other)
        XCTAssertEqual(response, response)
    }

    func testErrorsCarryNoTokenAndReadAsSentences() {
        XCTAssertEqual(
            AuthenticationError.invalidToken(.expired).message,
            "The sign-in was refused: the identity token has expired.")
        XCTAssertEqual(
            AuthenticationError.cannotVerifyNow.message,
            "The sign-in cannot be checked right now. Try again when online.")
        XCTAssertEqual(
            AuthenticationError.storageFailed(reason: "cannot write /s/credential.json: permission denied").message,
            "The sign-in could not be saved on this device: cannot write /s/credential.json: permission denied.")
    }
}

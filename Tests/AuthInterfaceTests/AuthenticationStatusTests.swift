import AuthInterface
import XCTest

final class AuthenticationStatusTests: XCTestCase {
    func testTheSeedsSignedOutIsSignedOutBecauseNothingIsStored() {
        XCTAssertEqual(AuthenticationStatus.signedOut, .signedOut(.notFound))
        XCTAssertNotEqual(AuthenticationStatus.signedOut, .signedOut(.revoked))
        XCTAssertNotEqual(AuthenticationStatus.signedOut, .signedIn)
    }

    func testEveryReasonIsADifferentStatus() {
        let statuses: [AuthenticationStatus] = [.signedIn, .signedOut(.revoked), .signedOut(.notFound), .signedOut(.expired)]
        for (index, status) in statuses.enumerated() {
            for (otherIndex, other) in statuses.enumerated() where otherIndex != index {
                XCTAssertNotEqual(status, other)
            }
        }
    }
}

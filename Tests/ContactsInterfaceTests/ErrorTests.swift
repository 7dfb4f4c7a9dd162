import ContactsInterface
import Foundation
import XCTest

final class ErrorTests: XCTestCase {
    func testEveryErrorHasAMessageForTheAlert() {
        let errors: [any Error] = [
            SellerContactsDecodingError.malformedJSON,
            SellerContactsDecodingError.invalidContact(path: "[1].order"),
            SellerContactsDecodingError.duplicateOrder(4),
        ]
        let messages = errors.map(\.localizedDescription)
        XCTAssertEqual(Set(messages).count, errors.count)
        XCTAssertTrue(messages[1].contains("[1].order"))
        XCTAssertTrue(messages[2].contains("4"))
        // Foundation's fallback ("The operation could not be completed") would mean no LocalizedError.
        XCTAssertFalse(messages.contains { $0.contains("could not be completed") })
    }

    func testErrorsCompareByCaseAndPlace() {
        XCTAssertEqual(SellerContactsDecodingError.invalidContact(path: "[0].order"), .invalidContact(path: "[0].order"))
        XCTAssertNotEqual(SellerContactsDecodingError.invalidContact(path: "[0].order"), .invalidContact(path: "[1].order"))
        XCTAssertNotEqual(SellerContactsDecodingError.duplicateOrder(1), .duplicateOrder(2))
    }
}

import ContactsInterface
import Foundation
import XCTest

final class SellerContactsTests: XCTestCase {
    func testDecodesTheRemoteConfigShape() throws {
        let json = #"[{"address": "Marktplatz 1", "order": 2, "phone": "+49 40 1111"}, {"order": -3, "phone": null}]"#
        let contacts = try JSONDecoder().decode([SellerContact].self, from: Data(json.utf8))
        XCTAssertEqual(
            contacts,
            [
                SellerContact(address: "Marktplatz 1", order: 2, phone: "+49 40 1111"),
                SellerContact(address: nil, order: -3, phone: nil),
            ])
    }

    func testOrderIsAnInt16() {
        let json = #"[{"order": 32768}]"#
        XCTAssertThrowsError(try JSONDecoder().decode([SellerContact].self, from: Data(json.utf8))) {
            guard case DecodingError.dataCorrupted = $0 else { return XCTFail("\($0)") }
        }
    }
}

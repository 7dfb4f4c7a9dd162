import Foundation
import RemoteConfigInterface
import XCTest

final class RemoteConfigValueTests: XCTestCase {
    private func remote(_ text: String) -> RemoteConfigValue {
        RemoteConfigValue(string: text, source: .remote)
    }

    func testStringAndDataAreTheSameBytes() {
        let value = remote("떡볶이")

        XCTAssertEqual(value.stringValue, "떡볶이")
        XCTAssertEqual(value.dataValue, Data("떡볶이".utf8))
        XCTAssertEqual(RemoteConfigValue(data: Data([0x61, 0xFF, 0x62]), source: .remote).stringValue, "a\u{FFFD}b")
    }

    func testNumberValue() {
        XCTAssertEqual(remote("42").numberValue, 42)
        XCTAssertEqual(remote(" 3.5\n").numberValue, 3.5)
        XCTAssertEqual(remote("-1e3").numberValue, -1000)
        XCTAssertEqual(remote("abc").numberValue, 0, "not a number reads as 0, as in Firebase")
        XCTAssertEqual(remote("12abc").numberValue, 0)
        XCTAssertEqual(remote("").numberValue, 0)
    }

    func testBoolValueAcceptsTheBooleanWords() {
        for word in ["1", "true", "TRUE", "t", "yes", "Y", "on", " true "] {
            XCTAssertTrue(remote(word).boolValue, word)
        }
        for word in ["0", "false", "f", "no", "n", "off", "", "maybe", "2"] {
            XCTAssertFalse(remote(word).boolValue, word)
        }
    }

    func testJSONValueIsAnArrayOrAnObjectOnly() throws {
        let array = try XCTUnwrap(remote(#"[{"id": 1, "name": "김밥"}]"#).jsonValue as? [[String: Any]])
        XCTAssertEqual(array.first?["name"] as? String, "김밥")
        let object = try XCTUnwrap(remote(#"{"a": true}"#).jsonValue as? [String: Any])
        XCTAssertEqual(object["a"] as? Bool, true)
        XCTAssertNil(remote("42").jsonValue, "a bare number is not a JSON document here, as in Firebase")
        XCTAssertNil(remote("hello").jsonValue)
        XCTAssertNil(remote("[1, 2").jsonValue)
    }

    func testDecodedReadsBareStringsBooleansAndBytes() throws {
        XCTAssertEqual(try remote("hello").decoded(as: String.self), "hello")
        XCTAssertEqual(try remote("yes").decoded(as: Bool.self), true)
        XCTAssertEqual(try remote("off").decoded(as: Bool.self), false)
        XCTAssertEqual(try remote("raw").decoded(as: Data.self), Data("raw".utf8))
        XCTAssertThrowsError(try remote("maybe").decoded(as: Bool.self)) { error in
            XCTAssertTrue(error is DecodingError, "\(error)")
        }
    }

    func testDecodedReadsJSONForEverythingElse() throws {
        struct MenuItem: Decodable, Equatable {
            let id: Int
            let name: String
            let price: Int
        }
        let menu = remote(#"[{"id": 1, "name": "라면", "price": 4500}]"#)

        XCTAssertEqual(try menu.decoded(as: [MenuItem].self), [MenuItem(id: 1, name: "라면", price: 4500)])
        XCTAssertEqual(try remote("42").decoded(as: Int.self), 42)
        XCTAssertEqual(try remote("2.5").decoded(as: Double.self), 2.5)
        let inferred: [Int] = try remote("[1, 2]").decoded()
        XCTAssertEqual(inferred, [1, 2])
        XCTAssertThrowsError(try remote("not json").decoded(as: [MenuItem].self)) { error in
            XCTAssertTrue(error is DecodingError, "\(error)")
        }
        XCTAssertThrowsError(try remote(#"[{"id": 1}]"#).decoded(as: [MenuItem].self))
    }

    func testDecodedUsesTheGivenDecoder() throws {
        struct Contact: Decodable, Equatable {
            let phoneNumber: String
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase

        let contact = try remote(#"{"phone_number": "+82 2-1234-5678"}"#).decoded(as: Contact.self, using: decoder)

        XCTAssertEqual(contact, Contact(phoneNumber: "+82 2-1234-5678"))
    }

    func testSourcesAndTheEmptyStaticValue() {
        XCTAssertEqual(remote("x").source, .remote)
        XCTAssertEqual(RemoteConfigValue(string: "x", source: .default).source, .default)
        XCTAssertEqual(RemoteConfigValue.empty.source, .static)
        XCTAssertEqual(RemoteConfigValue.empty.dataValue, Data())
        XCTAssertEqual(RemoteConfigValue.empty.stringValue, "")
        XCTAssertEqual(RemoteConfigValue.empty.numberValue, 0)
        XCTAssertFalse(RemoteConfigValue.empty.boolValue)
        XCTAssertNil(RemoteConfigValue.empty.jsonValue)
        XCTAssertNotEqual(remote("x"), RemoteConfigValue(string: "x", source: .default), "the source is part of the value")
        XCTAssertEqual(RemoteConfigSource.allCases, [.remote, .default, .static])
    }

    func testDescriptionShowsTextAndSource() {
        XCTAssertEqual("\(remote("김밥"))", #"RemoteConfigValue("김밥", source: .remote)"#)
    }
}

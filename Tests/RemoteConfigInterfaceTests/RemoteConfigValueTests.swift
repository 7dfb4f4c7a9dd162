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

    func testNumberValueIsTheDecimalNumberTheTextStartsWith() {
        // An NSString's doubleValue, which Firebase's numberValue is on Apple platforms.
        let cases: [(String, Double)] = [
            ("42", 42), (" 3.5\n", 3.5), ("-1e3", -1000), ("12px", 12), ("1e3x", 1000), ("2e", 2), ("2e+", 2), (".5", 0.5),
            ("+7", 7), ("5.", 5), ("abc", 0), ("", 0), ("0x10", 0), ("-", 0), (".", 0), ("on", 0), ("1,5", 1),
        ]
        for (text, number) in cases {
            XCTAssertEqual(remote(text).numberValue, number, "'\(text)'")
        }
    }

    func testBoolValueIsTrueForATextStartingWithYTOrADigitOneToNine() {
        // An NSString's boolValue, which Firebase's boolValue is on Apple platforms.
        for text in ["1", "2", "12px", "true", "TRUE", "t", "yes", "Y", " true ", "-1", "+3", "007", "y-not"] {
            XCTAssertTrue(remote(text).boolValue, "'\(text)'")
        }
        for text in ["0", "false", "f", "no", "n", "off", "on", "", "maybe", "0x10", "0.5", "-0", " ", "\u{1}1"] {
            XCTAssertFalse(remote(text).boolValue, "'\(text)'")
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

    func testDecodedReadsScalarsAsTheAccessorsDo() throws {
        XCTAssertEqual(try remote("hello").decoded(asType: String.self), "hello")
        XCTAssertEqual(try remote("yes").decoded(asType: Bool.self), true)
        XCTAssertEqual(try remote("on").decoded(asType: Bool.self), false, "as boolValue reads it")
        XCTAssertEqual(try remote("raw").decoded(asType: Data.self), Data("raw".utf8))
        XCTAssertEqual(try remote("42").decoded(asType: Int.self), 42)
        XCTAssertEqual(try remote("12px").decoded(asType: Int.self), 12, "as numberValue reads it")
        XCTAssertEqual(try remote("2.5").decoded(asType: Double.self), 2.5)
        XCTAssertEqual(try remote("0.1").decoded(asType: Float.self), 0.1)
        XCTAssertEqual(try remote("300").decoded(asType: UInt16.self), 300)
        XCTAssertThrowsError(try remote("12.5").decoded(asType: Int.self)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.debugDescription, "Parsed JSON number <12.5> does not fit in Int.")
        }
        XCTAssertThrowsError(try remote("300").decoded(asType: UInt8.self))
        XCTAssertThrowsError(try remote("2026-12-04").decoded(asType: Date.self)) { error in
            guard case RemoteConfigValueCodableError.unsupportedType = error else { return XCTFail("\(error)") }
        }
    }

    func testDecodedReadsJSONForEverythingElse() throws {
        struct MenuItem: Decodable, Equatable {
            let id: Int
            let name: String
            let price: Int
        }
        let menu = remote(#"[{"id": 1, "name": "라면", "price": 4500}]"#)

        XCTAssertEqual(try menu.decoded(asType: [MenuItem].self), [MenuItem(id: 1, name: "라면", price: 4500)])
        let inferred: [Int] = try remote("[1, 2]").decoded()
        XCTAssertEqual(inferred, [1, 2])
        XCTAssertThrowsError(try remote("not json").decoded(asType: [MenuItem].self)) { error in
            XCTAssertTrue(error is DecodingError, "\(error)")
        }
        XCTAssertThrowsError(try remote(#"[{"id": 1}]"#).decoded(asType: [MenuItem].self))
    }

    func testDecodedUsesTheGivenDecoder() throws {
        struct Contact: Decodable, Equatable {
            let phoneNumber: String
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase

        let contact = try remote(#"{"phone_number": "+82 2-1234-5678"}"#).decoded(asType: Contact.self, decoder: decoder)

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

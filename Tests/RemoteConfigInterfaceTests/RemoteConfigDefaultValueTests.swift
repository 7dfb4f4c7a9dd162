import Foundation
import RemoteConfigInterface
import XCTest

final class RemoteConfigDefaultValueTests: XCTestCase {
    func testLiteralsBecomeTheTextARemoteValueWouldHave() {
        let defaults: [String: RemoteConfigDefaultValue] = [
            "text": "어서 오세요!", "count": 3, "ratio": 2.5, "enabled": true, "disabled": false,
        ]

        XCTAssertEqual(
            defaults.mapValues { String(decoding: $0.data, as: UTF8.self) },
            [
                "text": "어서 오세요!", "count": "3", "ratio": "2.5", "enabled": "true", "disabled": "false",
            ])
    }

    func testNumbersPrintWithoutATrailingZero() {
        XCTAssertEqual(RemoteConfigDefaultValue.number(20_000).data, Data("20000".utf8))
        XCTAssertEqual(RemoteConfigDefaultValue.number(-1).data, Data("-1".utf8))
        XCTAssertEqual(RemoteConfigDefaultValue.number(0.1).data, Data("0.1".utf8))
        XCTAssertEqual(RemoteConfigDefaultValue.number(1e20).data, Data("1e+20".utf8))
    }

    func testDataIsKeptAsIs() {
        let bytes = Data([0, 1, 2, 0xFF])

        XCTAssertEqual(RemoteConfigDefaultValue.data(bytes).data, bytes)
    }

    func testJSONDefaultsDecodeBack() throws {
        struct MenuItem: Codable, Equatable {
            let id: Int
            let name: String
            let price: Int
        }
        let menu = [MenuItem(id: 1, name: "떡볶이", price: 4000)]

        let value = RemoteConfigValue(data: try RemoteConfigDefaultValue.json(menu).data, source: .default)

        XCTAssertEqual(try value.decoded(asType: [MenuItem].self), menu)
        XCTAssertEqual((value.jsonValue as? [Any])?.count, 1)
    }

    func testConvertedDefaultsReadAsTheirType() {
        XCTAssertEqual(RemoteConfigValue(data: RemoteConfigDefaultValue.number(7).data, source: .default).numberValue, 7)
        XCTAssertTrue(RemoteConfigValue(data: RemoteConfigDefaultValue.bool(true).data, source: .default).boolValue)
    }
}

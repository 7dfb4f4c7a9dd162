import Foundation
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// Defaults, sources and typed values of the sample template, as the features read them.
final class ValuesTests: ServerTestCase {
    private struct SellerContact: Decodable, Equatable {
        let address: String?
        let order: Int16
        let phone: String?
    }

    private struct MenuItem: Decodable, Equatable {
        let id: Int
        let name: String
        let price: Int
    }

    func testSourcesBeforeAndAfterActivation() async throws {
        let client = try makeClient()
        client.setDefaults(["welcome_message": "안녕하세요", "ordering_enabled": false, "only_default": 1.5])

        XCTAssertEqual(client["welcome_message"], RemoteConfigValue(string: "안녕하세요", source: .default))
        XCTAssertEqual(client["ordering_enabled"], RemoteConfigValue(string: "false", source: .default))
        XCTAssertEqual(client["unknown"], .empty)
        XCTAssertEqual(client["unknown"].source, .static)

        _ = await fetchAndActivateResult(client)

        XCTAssertEqual(client["welcome_message"].source, .remote)
        XCTAssertEqual(client["ordering_enabled"], RemoteConfigValue(string: "true", source: .remote))
        XCTAssertEqual(client["only_default"], RemoteConfigValue(string: "1.5", source: .default))
        XCTAssertEqual(client.configValue(forKey: "welcome_message", source: .default).stringValue, "안녕하세요")
        XCTAssertEqual(client.configValue(forKey: "welcome_message", source: .static), .empty)
        XCTAssertEqual(client.configValue(forKey: "only_default", source: .remote), .empty)
        XCTAssertEqual(client.defaultValue(forKey: "only_default")?.numberValue, 1.5)
        XCTAssertNil(client.defaultValue(forKey: "menu"))
        XCTAssertEqual(client.allKeys(from: .default), ["only_default", "ordering_enabled", "welcome_message"])
        XCTAssertEqual(client.allKeys(from: .static), [])
    }

    func testSetDefaultsReplacesTheWholeSet() throws {
        let client = try makeClient()
        client.setDefaults(["a": "1", "b": "2"])

        client.setDefaults(["b": "3"])

        XCTAssertEqual(client.allKeys(from: .default), ["b"])
        XCTAssertEqual(client["a"], .empty)
        XCTAssertNil(client.lastPersistenceError)
    }

    func testTypedValuesOfTheSampleTemplate() async throws {
        let client = try makeClient()
        _ = await fetchAndActivateResult(client)

        XCTAssertEqual(client["free_delivery_threshold"].numberValue, 20_000)
        XCTAssertEqual(try client["free_delivery_threshold"].decoded(asType: Int.self), 20_000)
        XCTAssertTrue(client["ordering_enabled"].boolValue)
        XCTAssertEqual(try client["ordering_enabled"].decoded(asType: Bool.self), true)
        XCTAssertEqual(client["welcome_message"].dataValue, Data("어서 오세요!".utf8))
        XCTAssertEqual(try client["welcome_message"].decoded(asType: String.self), "어서 오세요!")
        XCTAssertNil(client["welcome_message"].jsonValue)
        XCTAssertEqual((client["menu"].jsonValue as? [Any])?.count, 4)

        let menu = try client["menu"].decoded(asType: [MenuItem].self)
        XCTAssertEqual(menu.map(\.name), ["떡볶이", "김밥", "라면", "튀김"])
        XCTAssertEqual(menu.map(\.price).reduce(0, +), 13_000)

        let contacts = try client["seller_contacts"].decoded(asType: [SellerContact].self).sorted { $0.order < $1.order }
        XCTAssertEqual(contacts.first, SellerContact(address: "서울특별시 종로구 세종대로 175", order: 0, phone: "+82 2-1234-5678"))

        XCTAssertThrowsError(try client["welcome_message"].decoded(asType: [MenuItem].self))
    }
}

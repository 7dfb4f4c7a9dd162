import Foundation
import RemoteConfigInterface
import RemoteConfigTesting
import XCTest

/// Firebase's Swift API on every implementation, with Firebase's labels and readings, shown on the fake.
final class FirebaseSwiftAPITests: XCTestCase {
    private struct AppConfig: Codable, Equatable {
        struct Banner: Codable, Equatable {
            let title: String
            let color: String
        }

        let welcomeMessage: String
        let freeDeliveryThreshold: Int
        let orderingEnabled: Bool
        let banner: Banner
        let tags: [String]
        let note: String?

        enum CodingKeys: String, CodingKey {
            case welcomeMessage = "welcome_message"
            case freeDeliveryThreshold = "free_delivery_threshold"
            case orderingEnabled = "ordering_enabled"
            case banner, tags, note
        }
    }

    func testTheWholeConfigDecodesAsAStructFromDefaultsAndActiveValues() throws {
        let remoteConfig = FakeRemoteConfig(
            activeValues: ["welcome_message": "어서 오세요!", "ordering_enabled": "yes", "banner": #"{"title": "세일", "color": "red"}"#],
            defaults: ["free_delivery_threshold": 20_000, "tags": .data(Data(#"["new", "hot"]"#.utf8)), "ordering_enabled": false])

        let config: AppConfig = try remoteConfig.decoded()

        XCTAssertEqual(
            config,
            AppConfig(
                welcomeMessage: "어서 오세요!", freeDeliveryThreshold: 20_000, orderingEnabled: true,
                banner: .init(title: "세일", color: "red"), tags: ["new", "hot"], note: nil))
        XCTAssertThrowsError(try remoteConfig.decoded(asType: [String].self), "a config is a set of keys")
    }

    func testSetDefaultsFromAnEncodableStoresEachPropertyAsItsValue() throws {
        let remoteConfig = FakeRemoteConfig()
        let defaults = AppConfig(
            welcomeMessage: "안녕하세요", freeDeliveryThreshold: 15_000, orderingEnabled: true,
            banner: .init(title: "세일", color: "blue"), tags: ["a"], note: nil)

        try remoteConfig.setDefaults(from: defaults)

        XCTAssertEqual(
            remoteConfig.allKeys(from: .default), ["banner", "free_delivery_threshold", "ordering_enabled", "tags", "welcome_message"])
        XCTAssertEqual(remoteConfig["free_delivery_threshold"].stringValue, "15000")
        XCTAssertEqual(remoteConfig["ordering_enabled"].stringValue, "true")
        XCTAssertEqual(remoteConfig["welcome_message"].stringValue, "안녕하세요")
        XCTAssertEqual(try remoteConfig["banner"].decoded(asType: AppConfig.Banner.self), defaults.banner)
        XCTAssertEqual(try remoteConfig.decoded(asType: AppConfig.self), defaults, "what goes in comes back")
        XCTAssertThrowsError(try remoteConfig.setDefaults(from: [1, 2, 3])) { error in
            guard case RemoteConfigCodableError.invalidSetDefaultsInput = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try remoteConfig.setDefaults(from: "text"))
    }

    func testSubscriptsKeysWithPrefixAndEnsureInitialized() async throws {
        let remoteConfig = FakeRemoteConfig(
            activeValues: ["menu_title": "메뉴", "menu_size": "3", "banner": #"{"title": "세일"}"#, "count": "7"],
            defaults: ["menu_default_only": "x"])

        let count: Int? = remoteConfig[decodedValue: "count"]
        let missing: [Int]? = remoteConfig[decodedValue: "menu_title"]
        XCTAssertEqual(count, 7)
        XCTAssertNil(missing, "a value that cannot be read is nil")
        XCTAssertEqual(remoteConfig[jsonValue: "banner"], ["title": "세일"])
        XCTAssertNil(remoteConfig[jsonValue: "count"])
        XCTAssertEqual(remoteConfig.keys(withPrefix: "menu_"), ["menu_title", "menu_size"], "the active config only")
        XCTAssertEqual(remoteConfig.keys(withPrefix: nil), ["menu_title", "menu_size", "banner", "count"])
        XCTAssertEqual(remoteConfig.keys(withPrefix: ""), ["menu_title", "menu_size", "banner", "count"])

        try await remoteConfig.ensureInitialized()
        let initialized = expectation(description: "ensureInitialized")
        remoteConfig.ensureInitialized { error in
            XCTAssertNil(error)
            initialized.fulfill()
        }
        await fulfillment(of: [initialized], timeout: 1)
    }

    func testCustomSignalsFollowFirebasesLimits() async throws {
        let remoteConfig = FakeRemoteConfig()
        try await remoteConfig.setCustomSignals(["city": "Seoul", "visits": 3, "ratio": 3.0, "half": 0.5])
        XCTAssertEqual(remoteConfig.customSignals, ["city": "Seoul", "visits": "3", "ratio": "3", "half": "0.5"])
        try await remoteConfig.setCustomSignals(["city": nil])
        XCTAssertEqual(remoteConfig.customSignals, ["visits": "3", "ratio": "3", "half": "0.5"])
        let exactly250 = String(repeating: "k", count: 250)
        try await remoteConfig.setCustomSignals([exactly250: .string(String(repeating: "v", count: 500))])
        do {
            try await remoteConfig.setCustomSignals(["x": .string(String(repeating: "v", count: 501))])
            XCTFail("501 characters are refused")
        } catch RemoteConfigCustomSignalsError.limitExceeded {}
    }
}

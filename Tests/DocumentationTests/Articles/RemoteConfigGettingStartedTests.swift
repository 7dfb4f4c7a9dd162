// The code of RemoteConfig's getting-started article (Modules/RemoteConfig/RemoteConfig.docc/GettingStarted.md), which
// quotes it, and the test of what the article says it does.
import Foundation
import Reactive
import RemoteConfig
import RemoteConfigInterface
import RemoteConfigTesting
import TestSupport
import XCTest

func makeRemoteConfig(optionsFile: String, stateDirectory: URL) throws -> LiveRemoteConfig {
    let options = try FirebaseOptions(contentsOfFile: optionsFile)
    let configuration = LiveRemoteConfig.Configuration(
        options: options, storageURL: stateDirectory.appendingPathComponent("remote-config.json"), appVersion: "1.0.0")
    return try LiveRemoteConfig(configuration: configuration)
}

struct Special: Decodable, Equatable {
    let name: String
    let price: Int
}

func todaysSpecials(from remoteConfig: any RemoteConfigProtocol) async throws -> [Special] {
    remoteConfig.setDefaults([
        "specials": .string(#"[{"name": "비빔밥", "price": 9000}]"#),
        "show_prices": .bool(true),
    ])
    let status = try await remoteConfig.fetchAndActivate()
    if status == .successUsingPreFetchedData {
        // Fetched recently: the values are the last ones fetched.
    }
    return try remoteConfig["specials"].decoded(asType: [Special].self)
}

func followSpecials(of remoteConfig: any RemoteConfigProtocol, bag: DisposeBag, show: @escaping ([Special]) -> Void) {
    remoteConfig.realtimeUpdates
        .filter { $0.updatedKeys.contains("specials") }
        .flatMap { _ in remoteConfig.rx.activate() }
        .compactMap { _ in try? remoteConfig["specials"].decoded(asType: [Special].self) }
        .observe(on: MainScheduler.instance)
        .subscribe(onNext: show)
        .disposed(by: bag)
}

func checkTheSpecials() async throws -> Bool {
    let remoteConfig = FakeRemoteConfig(serverValues: ["specials": #"[{"name": "떡볶이", "price": 4000}]"#])
    return try await todaysSpecials(from: remoteConfig) == [Special(name: "떡볶이", price: 4000)]
}

final class RemoteConfigGettingStartedTests: XCTestCase {
    func testTheClientIsMadeFromTheOptionsFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("GoogleService-Info.plist")
        try FirebaseOptionsFiles.infoPlist().write(to: file)
        let remoteConfig = try makeRemoteConfig(optionsFile: file.path, stateDirectory: directory)
        XCTAssertEqual(remoteConfig.lastFetchStatus, .noFetchYet)
        XCTAssertThrowsError(
            try makeRemoteConfig(optionsFile: directory.appendingPathComponent("none.plist").path, stateDirectory: directory)
        ) {
            XCTAssertTrue($0 is FirebaseOptionsError, "\($0)")
        }
    }

    func testTheSpecialsAreTheServersOrTheDefault() async throws {
        let fromTheServer = try await checkTheSpecials()
        XCTAssertTrue(fromTheServer)
        let withoutOne = try await todaysSpecials(from: FakeRemoteConfig())
        XCTAssertEqual(withoutOne, [Special(name: "비빔밥", price: 9000)])
    }

    func testAPublishedTemplateReachesTheScreen() {
        let remoteConfig = FakeRemoteConfig()
        let bag = DisposeBag()
        let shown = expectation(description: "the published specials are shown")
        followSpecials(of: remoteConfig, bag: bag) { specials in
            if specials == [Special(name: "라면", price: 5000)] { shown.fulfill() }
        }
        remoteConfig.publish(["specials": #"[{"name": "라면", "price": 5000}]"#])
        wait(for: [shown], timeout: 10)
    }
}

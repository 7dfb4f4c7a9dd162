import Reactive
import Foundation
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// The API key travels in a header and appears in no log line and no error.
final class LoggingTests: ServerTestCase {
    func testTheAPIKeyIsNeverLogged() async throws {
        let lines = Locked<[String]>([])
        let log: @Sendable (String) -> Void = { line in lines.withLock { $0.append(line) } }
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0, fetchTimeout: 0.5), log: log)
        try await server.script([
            ["mode": "update"], ["mode": "not_modified"], ["mode": "invalid_json"], ["mode": "oversize"],
            ["mode": "update", "delay": 3], ["mode": "500"],
        ])
        var errors: [RemoteConfigError] = []
        for _ in 0..<7 {
            if let error = await fetchAndActivateResult(client).error { errors.append(error) }
        }
        let offline = try makeClient(baseURL: refusingBaseURL, log: log)
        if let error = await fetchAndActivateResult(offline).error { errors.append(error) }

        let logged = lines.withLock { $0 }
        XCTAssertGreaterThanOrEqual(logged.count, 8)
        XCTAssertEqual(errors.count, 6, "\(errors)")
        for line in logged + errors.map(\.localizedDescription) + errors.map({ "\($0)" }) {
            XCTAssertFalse(line.contains(Self.apiKey), line)
        }
        let requests = try await server.requests()
        XCTAssertTrue(requests.allSatisfy { $0.header("X-Goog-Api-Key") == Self.apiKey })
        XCTAssertTrue(requests.allSatisfy { !$0.path.contains(Self.apiKey) })
    }
}

/// A server that checks the key, as Firebase does.
final class APIKeyTests: ServerTestCase {
    override var serverArguments: [String] { ["--api-key", Self.apiKey] }

    func testTheRightKeyIsAccepted() async throws {
        let client = try makeClient()

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
    }

    func testAWrongKeyIsAnHTTPError() async throws {
        let client = try LiveRemoteConfig(configuration: .init(
            baseURL: server.baseURL, project: "bistro-demo", apiKey: "wrong-key", appID: "app",
            storageURL: storageURL
        ))

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .error)
        XCTAssertEqual(result.error, .httpStatus(403))
    }
}

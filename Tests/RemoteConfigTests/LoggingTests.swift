import Foundation
import Reactive
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// The API key travels in a header; neither it nor an installation's tokens appear in a log line or an error.
final class LoggingTests: ServerTestCase {
    func testTheAPIKeyAndTheTokensAreNeverLogged() async throws {
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
        // A refused token is renewed, and that exchange is logged too.
        try await server.expireInstallationTokens()
        _ = await fetchAndActivateResult(client)
        let offline = try makeClient(baseURL: refusingBaseURL, log: log)
        if let error = await fetchAndActivateResult(offline).error { errors.append(error) }

        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: installationsStorageURL)) as? [String: Any]
        let installation = (stored?["installations"] as? [String: Any])?[FirebaseOptions.development.googleAppID] as? [String: Any]
        let secrets = [Self.apiKey, installation?["refreshToken"] as? String, installation?["authToken"] as? String].compactMap { $0 }
        XCTAssertEqual(secrets.count, 3, "the installation is stored with both tokens")
        let logged = lines.withLock { $0 }
        XCTAssertGreaterThanOrEqual(logged.count, 10)
        XCTAssertTrue(logged.contains { $0.contains("installations: POST") }, "\(logged)")
        XCTAssertEqual(errors.count, 6, "\(errors)")
        for line in logged + errors.map(\.localizedDescription) + errors.map({ "\($0)" }) {
            for secret in secrets { XCTAssertFalse(line.contains(secret), line) }
        }
        let requests = try await server.requests()
        XCTAssertTrue(requests.allSatisfy { $0.header("X-Goog-Api-Key") == Self.apiKey })
        XCTAssertTrue(requests.allSatisfy { !$0.path.contains(Self.apiKey) })
    }

    func testATokenResultDescribesItselfWithoutTheToken() async throws {
        let client = try makeClient()
        let token = try await XCTUnwrap(client.installations).authToken()
        for text in [String(describing: token), String(reflecting: token), "\(token)"] {
            XCTAssertFalse(text.contains(token.authToken), text)
        }
        var dumped = ""
        dump(token, to: &dumped)
        XCTAssertFalse(dumped.contains(token.authToken), dumped)
    }
}

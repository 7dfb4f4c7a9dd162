import Foundation
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// Fetched, active and default values, the ETag and the fetch bookkeeping survive a restart.
final class PersistenceTests: ServerTestCase {
    func testAFreshClientWithoutNetworkHasTheLastActiveConfig() async throws {
        let first = try makeClient()
        first.setDefaults(["welcome_message": "안녕하세요", "max_items": 10])
        _ = await fetchAndActivateResult(first)

        let offline = try makeClient(baseURL: refusingBaseURL)

        XCTAssertEqual(offline.remoteEntries, first.remoteEntries)
        XCTAssertEqual(offline["welcome_message"], RemoteConfigValue(string: "어서 오세요!", source: .remote))
        XCTAssertEqual(offline["max_items"], RemoteConfigValue(string: "10", source: .default))
        XCTAssertEqual(offline.lastFetchTime, first.lastFetchTime)
        XCTAssertEqual(offline.lastFetchStatus, .success)

        let withinInterval = await fetchAndActivateResult(offline)

        XCTAssertEqual(withinInterval.status, .successUsingPreFetchedData, "the stored fetch time still counts")

        let forced = await fetchResult(offline, expiration: 0)

        XCTAssertEqual(forced.error, .connectionFailed(reason: "connection refused"))
        XCTAssertEqual(offline.remoteEntries, first.remoteEntries)
    }

    func testAFetchedButInactiveConfigWaitsForActivationAfterARestart() async throws {
        let first = try makeClient()
        _ = await fetchResult(first, expiration: 0)

        let restarted = try makeClient(baseURL: refusingBaseURL)

        XCTAssertEqual(restarted.allKeys(from: .remote), [])
        let activation = await activateResult(restarted)
        XCTAssertTrue(activation.changed)
        XCTAssertEqual(restarted.allKeys(from: .remote), sampleKeys)
    }

    func testTheStoredETagIsSentAfterARestart() async throws {
        let first = try makeClient()
        _ = await fetchAndActivateResult(first)

        let restarted = try makeClient()
        let result = await fetchResult(restarted, expiration: 0)

        XCTAssertEqual(result.status, .success)
        let requests = try await server.requests()
        XCTAssertEqual(requests.last?.header("If-None-Match"), "\"template-v1\"")
        XCTAssertEqual(
            requests.first?.body?["appInstanceId"], requests.last?.body?["appInstanceId"],
            "the installation ID is stored too"
        )
    }

    func testACorruptFileIsReportedAndLeftAlone() throws {
        try FileManager.default.createDirectory(at: storageDirectory, withIntermediateDirectories: true)
        let garbage = Data("{\"formatVersion\": 1, \"active\": [tr".utf8)
        try garbage.write(to: storageURL)

        XCTAssertThrowsError(try makeClient()) { error in
            guard case .storageCorrupted(let path, _) = error as? RemoteConfigError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, storageURL.path)
        }
        XCTAssertEqual(try Data(contentsOf: storageURL), garbage)
    }

    func testAFileOfAnotherFormatVersionIsReported() throws {
        try FileManager.default.createDirectory(at: storageDirectory, withIntermediateDirectories: true)
        try Data(#"{"formatVersion": 99, "appInstanceID": "x", "defaults": {}, "lastFetchStatus": "success"}"#.utf8)
            .write(to: storageURL)

        XCTAssertThrowsError(try makeClient()) { error in
            guard case .storageCorrupted(_, let reason) = error as? RemoteConfigError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("99"), reason)
        }
    }

    func testAFetchThatActivatesWritesTheFileOncePerTemplate() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        try FileManager.default.createDirectory(at: storageDirectory, withIntermediateDirectories: true)
        let writes = try FileReplacements(of: storageURL)

        _ = await fetchAndActivateResult(client)
        XCTAssertEqual(writes.count(), 1, "the fetched template is stored active, in one write")
        try await server.setTemplate(["welcome_message": "환영합니다"])
        let second = await fetchAndActivateResult(client)
        XCTAssertEqual(second.status, .successFetchedFromRemote)
        XCTAssertEqual(writes.count(), 2)
        XCTAssertEqual(client.configValue(forKey: "welcome_message").stringValue, "환영합니다")

        // A fetch alone stores the template inactive; activating it later is a write of its own.
        try await server.setTemplate(["welcome_message": "어서 오세요"])
        _ = await fetchResult(client, expiration: 0)
        XCTAssertEqual(client.configValue(forKey: "welcome_message").stringValue, "환영합니다")
        XCTAssertEqual(writes.count(), 3)
        let activation = await activateResult(client)
        XCTAssertTrue(activation.changed)
        XCTAssertEqual(writes.count(), 4)
    }

    func testTheFileIsReplacedWholeWithNothingLeftBeside() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        try await server.setTemplate(["welcome_message": "환영합니다"])
        _ = await fetchAndActivateResult(client)

        let files = try FileManager.default.contentsOfDirectory(atPath: storageDirectory.path).sorted()
        // The installation's file and its lock (which stays) are beside it; nothing else.
        XCTAssertEqual(
            files, [".installations.json.lock", "installations.json", "remote-config.json"], "an atomic write leaves no temporary file")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: storageURL)) as? [String: Any]
        XCTAssertNotNil(document?["active"])
        XCTAssertEqual(document?["etag"] as? String, "\"template-v2\"")
    }
}

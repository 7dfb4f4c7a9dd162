import Foundation
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// Bad answers and broken transports end in `.error` with a typed error, and leave the fetched and
/// active configs as they were.
final class BadInputTests: ServerTestCase {
    /// A client with the sample active and a different template fetched but not yet activated, so
    /// that both configs can be checked afterwards.
    private func clientWithActiveAndPendingConfigs(settings: RemoteConfigSettings = RemoteConfigSettings(minimumFetchInterval: 0))
        async throws -> LiveRemoteConfig
    {
        let client = try makeClient(settings: settings)
        let first = await fetchAndActivateResult(client)
        XCTAssertEqual(first.status, .successFetchedFromRemote)
        try await server.setTemplate(["welcome_message": "pending"])
        let pending = await fetchResult(client, expiration: 0)
        XCTAssertEqual(pending.status, .success)
        return client
    }

    /// Fetches with the next scripted answer and checks the error and that nothing changed.
    private func assertRejected(
        _ response: [String: any Sendable],
        with expected: RemoteConfigError,
        settings: RemoteConfigSettings = RemoteConfigSettings(minimumFetchInterval: 0),
        file: StaticString = #filePath,
        line: UInt = #line
    ) async throws {
        let client = try await clientWithActiveAndPendingConfigs(settings: settings)
        let activeBefore = client.remoteEntries
        let fetchTimeBefore = client.lastFetchTime
        try await server.script([response])
        clock.advance(by: 1)

        let result = await fetchResult(client, expiration: 0)

        XCTAssertEqual(result.status, .failure, file: file, line: line)
        XCTAssertEqual(result.error, expected, file: file, line: line)
        XCTAssertEqual(client.lastFetchStatus, .failure, file: file, line: line)
        XCTAssertEqual(client.lastFetchTime, fetchTimeBefore, "only a success moves it", file: file, line: line)
        XCTAssertEqual(client.remoteEntries, activeBefore, "the active config is unchanged", file: file, line: line)
        let activation = await activateResult(client)
        XCTAssertTrue(activation.changed, "the pending fetched config survived", file: file, line: line)
        XCTAssertEqual(client.remoteEntries, ["welcome_message": "pending"], file: file, line: line)
    }

    func testInvalidJSON() async throws {
        try await assertRejected(["mode": "invalid_json"], with: .malformedResponse(.invalidJSON))
    }

    func testBodyThatIsNotAnObject() async throws {
        try await assertRejected(["mode": "not_object"], with: .malformedResponse(.notAnObject))
    }

    func testAStateThatIsNotTextIsRefused() async throws {
        try await assertRejected(["mode": "non_string_state"], with: .malformedResponse(.missingState))
    }

    func testAnAnswerWithoutAStateIsAnUpdateAsAndroidReadsIt() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        try await server.script([["mode": "missing_state"]])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        XCTAssertEqual(client.remoteEntries, ["greeting": "hello"])
    }

    func testUnknownState() async throws {
        try await assertRejected(["mode": "unknown_state"], with: .malformedResponse(.unknownState("SOMETHING_ELSE")))
    }

    func testNonStringEntryValue() async throws {
        try await assertRejected(["mode": "non_string_value"], with: .malformedResponse(.nonStringValue(key: "count")))
    }

    func testEntriesThatAreNotAnObject() async throws {
        try await assertRejected(["mode": "non_object_entries"], with: .malformedResponse(.invalidEntries))
    }

    func testEmptyBody() async throws {
        try await assertRejected(["mode": "raw", "status": 200, "body": ""], with: .malformedResponse(.invalidJSON))
    }

    func testBodyOverOneMebibyte() async throws {
        try await assertRejected(["mode": "oversize"], with: .responseTooLarge(limit: 1 << 20))
    }

    func testChunkedBodyOverOneMebibyte() async throws {
        try await assertRejected(["mode": "oversize_chunked"], with: .responseTooLarge(limit: 1 << 20))
    }

    func testClientErrorStatus() async throws {
        try await assertRejected(["mode": "404"], with: scriptedFailure(404))
    }

    func testTimeout() async throws {
        // The server answers long after the client's 0.5 s timeout: the assertion is on the outcome only.
        try await assertRejected(
            ["mode": "update", "delay": 5],
            with: .timedOut,
            settings: RemoteConfigSettings(minimumFetchInterval: 0, fetchTimeout: 0.5)
        )
    }

    func testFetchAndActivateReportsTheErrorStatus() async throws {
        let client = try await clientWithActiveAndPendingConfigs()
        try await server.script([["mode": "non_string_state"]])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .error)
        XCTAssertEqual(result.error, .malformedResponse(.missingState))
        XCTAssertEqual(client["welcome_message"].stringValue, "어서 오세요!", "a failed fetch activates nothing")
    }

    func testRefusedConnection() async throws {
        let client = try makeClient(baseURL: refusingBaseURL)
        client.setDefaults(["welcome_message": "안녕하세요"])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .error)
        XCTAssertEqual(result.error, .connectionFailed(reason: "connection refused"))
        XCTAssertEqual(client.lastFetchStatus, .failure)
        XCTAssertNil(client.lastFetchTime)
        XCTAssertNil(client.backoffUntil, "only 429 and 5xx start a back-off")
        XCTAssertEqual(client["welcome_message"], RemoteConfigValue(string: "안녕하세요", source: .default))
    }

    func testUnwritableStorageLeavesTheConfigsAsTheyWere() async throws {
        // A regular file where the storage folder should be: every write fails.
        try FileManager.default.createDirectory(at: storageDirectory, withIntermediateDirectories: true)
        let blocker = storageDirectory.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let client = try makeClient(storageURL: blocker.appendingPathComponent("remote-config.json"))

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .error)
        guard case .storageFailed = result.error else { return XCTFail("expected storageFailed, got \(String(describing: result.error))") }
        XCTAssertEqual(client.allKeys(from: .remote), [])
        XCTAssertNil(client.lastFetchTime, "a fetch that could not be stored did not happen")
        let activation = await activateResult(client)
        XCTAssertFalse(activation.changed, "nothing was fetched")
    }

    func testInvalidConfigurationIsRejectedUpFront() throws {
        XCTAssertThrowsError(try makeClient(baseURL: URL(string: "ftp://127.0.0.1")!)) { error in
            guard case .invalidConfiguration = error as? RemoteConfigError else { return XCTFail("\(error)") }
        }
    }
}

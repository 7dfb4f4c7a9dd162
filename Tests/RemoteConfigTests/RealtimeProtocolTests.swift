import Foundation
import Reactive
import RemoteConfig
import RemoteConfigInterface
import TestSupport
import XCTest

/// The real-time stream as Firebase's SDKs hold it: addressed by project number, a token renewed
/// when refused, the server's `retryIntervalSeconds` honoured, a 200 resetting the waits, and
/// updates that name what was fetched without activating it.
final class RealtimeProtocolTests: ServerTestCase {
    /// Collects updates and errors, and waits for them with a bound.
    private final class Received: Sendable {
        private let state = Locked<(updates: [RemoteConfigUpdate], error: Error?)>(([], nil))
        var updates: [RemoteConfigUpdate] { state.withLock { $0.updates } }
        var error: RemoteConfigError? { state.withLock { $0.error as? RemoteConfigError } }
        func add(_ update: RemoteConfigUpdate) { state.withLock { $0.updates.append(update) } }
        func fail(_ error: Error) { state.withLock { $0.error = error } }

        /// Waits at most `seconds` for `condition`, looking every 20 ms (it comes from another process).
        func wait(seconds: Double = 20, until condition: @escaping @Sendable (Received) -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                if condition(self) { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return condition(self)
        }
    }

    private func listen(_ client: LiveRemoteConfig) -> (Received, Disposable) {
        let received = Received()
        let subscription = client.realtimeUpdates.subscribe(onNext: { received.add($0) }, onError: { received.fail($0) })
        return (received, subscription)
    }

    private func streamRequests() async throws -> [LocalConfigServer.RecordedRequest] {
        try await server.requests().filter { $0.path.hasSuffix(":streamFetchInvalidations") }
    }

    /// A client listening with `retry` (short waits by default), once the stream has brought the
    /// server's first template.
    private func listeningClient(
        retry: RealtimeRetryPolicy = RealtimeRetryPolicy(initialDelay: 0.05, maximumDelay: 0.4, idleTimeout: 30),
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> (LiveRemoteConfig, Received, Disposable) {
        let client = try makeClient(realtimeRetry: retry)
        let (received, subscription) = listen(client)
        let first = await received.wait { $0.updates.count == 1 }
        XCTAssertTrue(first, "the first template arrived", file: file, line: line)
        return (client, received, subscription)
    }

    /// The stream requests once one more than `count` has arrived (at most 20 s).
    private func streamsAfterOneMore(than count: Int) async throws -> [LocalConfigServer.RecordedRequest] {
        let deadline = ContinuousClock.now + .seconds(20)
        var streams = try await streamRequests()
        while streams.count <= count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            streams = try await streamRequests()
        }
        return streams
    }

    func testTheStreamIsAddressedByProjectNumberWithTheInstallationsToken() async throws {
        let (client, _, subscription) = try await listeningClient()
        defer { subscription.dispose() }

        let streams = try await streamRequests()
        let request = try XCTUnwrap(streams.first)
        XCTAssertEqual(request.path, "/v1/projects/100000000000/namespaces/firebase:streamFetchInvalidations")
        let installations = try XCTUnwrap(client.installations)
        let fid = try await installations.installationID()
        let token = try await installations.authToken().authToken
        XCTAssertEqual(request.header("X-Goog-Firebase-Installations-Auth"), token)
        XCTAssertEqual(request.header("X-Goog-Api-Key"), Self.apiKey)
        XCTAssertEqual(request.header("X-Ios-Bundle-Identifier"), "app.bistro.ios")
        XCTAssertEqual(request.body?["project"], .text("100000000000"))
        XCTAssertEqual(request.body?["namespace"], .text("firebase"))
        XCTAssertEqual(request.body?["appId"], .text(FirebaseOptions.development.googleAppID))
        XCTAssertEqual(request.body?["appInstanceId"], .text(fid))
        XCTAssertEqual(request.body?["lastKnownVersionNumber"], .text("0"))
        let requests = try await server.requests()
        let fetch = try XCTUnwrap(requests.first { $0.path.hasSuffix(":fetch") })
        XCTAssertEqual(fetch.header("X-Firebase-RC-Fetch-Type"), "REALTIME/1")
    }

    func testAnUpdateNamesWhatWasFetchedAndActivatesNothing() async throws {
        let client = try makeClient(realtimeRetry: RealtimeRetryPolicy(initialDelay: 0.05, maximumDelay: 0.4, idleTimeout: 30))
        client.setDefaults(["welcome_message": "안녕하세요"])
        let (received, subscription) = listen(client)
        defer { subscription.dispose() }
        let first = await received.wait { $0.updates.count == 1 }
        XCTAssertTrue(first)
        XCTAssertEqual(received.updates.first?.updatedKeys, Set(sampleKeys))
        XCTAssertEqual(received.updates.first?.templateVersion, 1)

        XCTAssertEqual(client["welcome_message"], RemoteConfigValue(string: "안녕하세요", source: .default), "nothing is activated")
        let changed = try await client.activate()
        XCTAssertTrue(changed)
        XCTAssertEqual(client["welcome_message"].source, .remote)

        // The next version is told apart from the active values, and the stream now knows version 1.
        var entries = client.remoteEntries
        entries["welcome_message"] = "환영합니다"
        try await server.publish(entries)
        let second = await received.wait { $0.updates.count == 2 }
        XCTAssertTrue(second)
        XCTAssertEqual(received.updates.last?.updatedKeys, ["welcome_message"])
        let opened = try await streamRequests().count
        try await server.dropStreams()
        let lastKnown = try await streamsAfterOneMore(than: opened).last?.body?["lastKnownVersionNumber"]
        XCTAssertEqual(lastKnown, .text("2"), "a reconnect sends the last fetched version")
    }

    func testTheAsyncSequenceIsFirebasesConfigUpdates() async throws {
        let client = try makeClient()
        var iterator = client.configUpdates.makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first?.updatedKeys, Set(sampleKeys))
    }

    func testARefusedTokenIsRenewedForTheNextConnection() async throws {
        let (client, received, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        _ = try await client.activate()

        try await server.expireInstallationTokens()
        try await server.dropStreams()
        try await server.publish(["after": "renewal"])

        let arrived = await received.wait { $0.updates.count == 2 }
        XCTAssertTrue(arrived)
        XCTAssertNil(received.error)
        let known = try await server.installations()
        XCTAssertEqual(known.registrations, 1)
        XCTAssertGreaterThanOrEqual(known.tokenRefreshes, 1)
    }

    func testTheServersRetryIntervalIsWaitedBeforeReconnecting() async throws {
        let (_, _, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        let opened = try await streamRequests().count

        try await server.askStreamsToRetry(after: 2)
        let asked = ContinuousClock.now
        var reopened: [LocalConfigServer.RecordedRequest] = []
        while reopened.isEmpty, ContinuousClock.now - asked < .seconds(20) {
            try await Task.sleep(for: .milliseconds(50))
            reopened = try await Array(streamRequests().dropFirst(opened))
        }
        let waited = ContinuousClock.now - asked
        XCTAssertEqual(reopened.count, 1)
        // Without the server's interval the policy's 0.05 s would have reconnected at once; the
        // 2 s count from when the message arrived, a little before the control call returned.
        XCTAssertGreaterThanOrEqual(waited, .seconds(1.5))
    }

    func testAStreamAnswered200ResetsTheWaits() async throws {
        // Waits that double from 0.4 s: five quick drops in a row counted as failures would wait
        // 0.4 + 0.8 + 1.6 + 3.2 + 6.4 s; each stream answered 200 starts the count again.
        let (_, _, subscription) = try await listeningClient(
            retry: RealtimeRetryPolicy(initialDelay: 0.4, maximumDelay: 60, idleTimeout: 30))
        defer { subscription.dispose() }

        let started = ContinuousClock.now
        for drop in 1...5 {
            let before = try await streamRequests().count
            try await server.dropStreams()
            let reopened = try await streamsAfterOneMore(than: before).count
            XCTAssertEqual(reopened, before + 1, "drop \(drop)")
            // The new stream is answered before the next drop.
            try await Task.sleep(for: .milliseconds(100))
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(8), "five reconnects at the first wait, not a doubling one")
    }

    func testAStatusThatIsNotRetriedEndsListeningWithGooglesMessage() async throws {
        let (_, received, subscription) = try await listeningClient()
        defer { subscription.dispose() }

        try await server.failStreams(status: 403, seconds: 30)
        try await server.dropStreams()

        let ended = await received.wait { $0.error != nil }
        XCTAssertTrue(ended)
        XCTAssertEqual(
            received.error,
            .httpStatus(
                403,
                message: RemoteConfigServerMessage(
                    status: "PERMISSION_DENIED", message: "scripted stream failure")))
    }
}

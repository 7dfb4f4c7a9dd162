import Foundation
import Reactive
import RemoteConfigInterface
import TestSupport
import XCTest

@testable import RemoteConfig

/// Collects what a real-time subscription receives, and waits for it with a bound.
private final class UpdateLog: Sendable {
    private let received = Locked<(updates: [RemoteConfigUpdate], error: RemoteConfigError?)>(([], nil))

    var updates: [RemoteConfigUpdate] { received.withLock { $0.updates } }
    var error: RemoteConfigError? { received.withLock { $0.error } }

    func record(_ update: RemoteConfigUpdate) { received.withLock { $0.updates.append(update) } }
    func record(_ error: Error) { received.withLock { $0.error = error as? RemoteConfigError ?? .unknown } }

    /// Waits (at most `seconds`) until `condition` holds of what arrived; false if it never did. It
    /// looks every 20 ms: what it waits for comes from another process over a real connection.
    func wait(seconds: Double = 20, until condition: @escaping @Sendable ([RemoteConfigUpdate], RemoteConfigError?) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if received.withLock({ condition($0.updates, $0.error) }) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return received.withLock { condition($0.updates, $0.error) }
    }
}

/// Real-time updates from the local server's stream: published templates arrive with no fetch
/// asked for, through dropped connections, restarts and a server answering 503 for a while.
final class RealtimeUpdatesTests: ServerTestCase {
    /// Short waits, so that reconnecting takes milliseconds here.
    private let fastRetry = RealtimeRetryPolicy(initialDelay: 0.05, maximumDelay: 0.4, idleTimeout: 30)

    private func makeRealtimeClient(baseURL: URL? = nil) throws -> LiveRemoteConfig {
        try makeClient(baseURL: baseURL, realtimeRetry: fastRetry)
    }

    /// Listens as Firebase's documentation has an app do: each update activates what was fetched,
    /// and is recorded once the activation is done.
    private func listen(_ client: any RemoteConfigProtocol) -> (UpdateLog, Disposable) {
        let log = UpdateLog()
        let subscription = client.realtimeUpdates.subscribe(
            onNext: { update in client.activate { _, _ in log.record(update) } },
            onError: { log.record($0) })
        return (log, subscription)
    }

    /// A client listening, once the stream has brought the server's first template (the server
    /// is at version 1, the client at none, so it fetches that at once).
    private func listeningClient(baseURL: URL? = nil) async throws -> (LiveRemoteConfig, UpdateLog, Disposable) {
        let client = try makeRealtimeClient(baseURL: baseURL)
        let (log, subscription) = listen(client)
        let first = await log.wait { updates, _ in updates.count == 1 }
        XCTAssertTrue(first, "the first template arrived")
        return (client, log, subscription)
    }

    func testAPublishedTemplateArrivesWithTheKeysItChanged() async throws {
        let (client, log, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        XCTAssertEqual(log.updates.first?.updatedKeys, Set(sampleKeys))

        var entries = client.remoteEntries
        entries["welcome_message"] = "환영합니다"
        try await server.publish(entries)
        let second = await log.wait { updates, _ in updates.count == 2 }
        XCTAssertTrue(second)
        XCTAssertEqual(log.updates.last?.updatedKeys, ["welcome_message"])
        XCTAssertEqual(client.configValue(forKey: "welcome_message").stringValue, "환영합니다")
    }

    /// Listens without activating, noting the active `welcome_message` as each update arrives.
    private func listenReadingWelcome(_ client: LiveRemoteConfig) -> (UpdateLog, Locked<[String]>, Disposable) {
        let log = UpdateLog()
        let seen = Locked<[String]>([])
        let subscription = client.realtimeUpdates.subscribe(onNext: { update in
            seen.withLock { $0.append(client.configValue(forKey: "welcome_message").stringValue) }
            log.record(update)
        })
        return (log, seen, subscription)
    }

    func testAClientThatActivatesUpdatesHasEachTemplateActiveWhenItsUpdateArrivesInOneWrite() async throws {
        let client = try makeClient(realtimeRetry: fastRetry, activatesRealtimeUpdates: true)
        try FileManager.default.createDirectory(at: storageDirectory, withIntermediateDirectories: true)
        let writes = try FileReplacements(of: storageURL)
        let (log, seenInListener, subscription) = listenReadingWelcome(client)
        defer { subscription.dispose() }
        let first = await log.wait { updates, _ in updates.count == 1 }
        XCTAssertTrue(first)

        var entries = client.remoteEntries
        entries["welcome_message"] = "환영합니다"
        try await server.publish(entries)
        let second = await log.wait { updates, _ in updates.count == 2 }
        XCTAssertTrue(second)

        XCTAssertEqual(log.updates.map(\.updatedKeys), [Set(sampleKeys), ["welcome_message"]])
        XCTAssertEqual(seenInListener.withLock { $0 }, ["어서 오세요!", "환영합니다"], "each template is active when its update arrives")
        XCTAssertEqual(writes.count(), 2, "one write of the state per template")
        let activation = await activateResult(client)
        XCTAssertEqual(activation.changed, false, "nothing is left to activate")
        XCTAssertEqual(writes.count(), 2)
    }

    func testByDefaultAnUpdateArrivesBeforeItsTemplateIsActive() async throws {
        let client = try makeRealtimeClient()
        let (log, seenInListener, subscription) = listenReadingWelcome(client)
        defer { subscription.dispose() }
        let first = await log.wait { updates, _ in updates.count == 1 }
        XCTAssertTrue(first)
        XCTAssertEqual(seenInListener.withLock { $0 }, [""], "the listener decides when to activate (Firebase's way)")
        let activation = await activateResult(client)
        XCTAssertTrue(activation.changed)
    }

    func testADroppedConnectionIsReopenedAndTheNextPublishStillArrives() async throws {
        let (client, log, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        for round in 1...3 {
            try await server.dropStreams()
            try await server.publish(["round": "\(round)"])
            let arrived = await log.wait { updates, _ in updates.count == round + 1 }
            XCTAssertTrue(arrived, "round \(round)")
        }
        XCTAssertEqual(client.configValue(forKey: "round").stringValue, "3")
        XCTAssertNil(log.error)
    }

    func testAServerAnswering503ForAWhileIsWaitedOut() async throws {
        let (client, log, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        try await server.failStreams(status: 503, seconds: 10)
        try await server.dropStreams()
        try await server.publish(["after": "503"])
        let arrived = await log.wait { updates, _ in updates.count == 2 }
        XCTAssertTrue(arrived)
        XCTAssertEqual(client.configValue(forKey: "after").stringValue, "503")
        let refused = try await server.requests().filter { $0.mode == "stream" }.count
        // With waits capped at 0.4 s, ten seconds of refusals take well over ten tries.
        XCTAssertGreaterThan(refused, 10, "it kept trying while the server refused")
        XCTAssertNil(log.error)
    }

    func testARestartedServerIsReachedAgain() async throws {
        let port = unusedLocalPort()
        let first = try LocalConfigServer(arguments: ["--port", "\(port)"])
        let (client, log, subscription) = try await listeningClient(baseURL: first.baseURL)
        defer { subscription.dispose() }
        try await first.shutDown()
        // Versions only rise: the new server starts past the old one's.
        let second = try LocalConfigServer(arguments: ["--port", "\(port)", "--template-version", "5"])
        try await second.publish(["restarted": "yes"])
        let arrived = await log.wait { updates, _ in updates.count == 2 }
        XCTAssertTrue(arrived)
        XCTAssertEqual(client.configValue(forKey: "restarted").stringValue, "yes")
        try await second.shutDown()
    }

    func testAPublishThatChangesNothingHereIsFetchedOnceAndItsVersionRecorded() async throws {
        let (client, log, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        // The same values under version 2: the server answers the fetch NO_CHANGE, version 2.
        try await server.publish(client.remoteEntries)
        let fetchedOnce = await log.wait { _, _ in client.fetchedTemplateVersion == 2 }
        XCTAssertTrue(fetchedOnce, "version 2 was recorded from the NO_CHANGE answer")
        try await server.dropStreams()
        let deadline = ContinuousClock.now + .seconds(20)
        var streams: [LocalConfigServer.RecordedRequest] = []
        while streams.count < 2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            streams = try await server.requests().filter { $0.mode == "stream" }
        }
        XCTAssertEqual(streams.last?.body?["lastKnownVersionNumber"]?.text, "2", "the next stream asks for versions after 2")
        let fetches = try await server.requests().filter { $0.path.hasSuffix(":fetch") }
        XCTAssertEqual(fetches.count, 2, "one fetch for version 1, one for version 2")
        XCTAssertEqual(log.updates.count, 1, "nothing this app sees changed")
    }

    func testEachVersionIsAnnouncedOnceAndManyPublishesFetchNoMoreThanOncePerVersion() async throws {
        let (client, log, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        // The same values again: a new version, but nothing changes, so nothing is announced.
        var entries = client.remoteEntries
        try await server.publish(entries)
        entries["count"] = "0"
        try await server.publish(entries)
        let changed = await log.wait { updates, _ in updates.count == 2 }
        XCTAssertTrue(changed)
        XCTAssertEqual(log.updates.last?.updatedKeys, ["count"])

        // A thousand versions, 5 ms apart, each with a value of its own: at most one fetch for
        // each, and the process no larger after the last 800 than after the first 200 (a template
        // kept per version would be 16 KiB each, over 12 MiB in all).
        entries["padding"] = String(repeating: "x", count: 16 << 10)
        func publish(_ counts: ClosedRange<Int>) async throws {
            try await server.publishSeries(entries, key: "count", counts: counts, interval: 0.005)
            let arrived = await log.wait(seconds: 60) { _, _ in client.configValue(forKey: "count").stringValue == "\(counts.upperBound)" }
            XCTAssertTrue(arrived)
        }
        try await publish(1...200)
        let afterWarmUp = ResidentMemory.bytes()
        try await publish(201...1000)
        let growth = ResidentMemory.bytes() - afterWarmUp
        if ResidentMemory.followsWhatIsKept {
            XCTAssertLessThan(growth, 4 << 20, "resident memory grew by \(growth) bytes over 800 versions")
        }
        let fetches = try await server.requests().filter { $0.path.hasSuffix(":fetch") }.count
        XCTAssertLessThanOrEqual(fetches, 1003, "at most one fetch per published version")
        let keys = log.updates.dropFirst(2).map(\.updatedKeys)
        XCTAssertEqual(keys.first, ["count", "padding"])
        XCTAssertEqual(Set(keys.dropFirst()), [["count"]], "only the keys that changed, never an update without a change")
        let versions = log.updates.map(\.templateVersion)
        XCTAssertEqual(Set(versions).count, versions.count, "no version announced twice")
        XCTAssertEqual(versions.compactMap { $0 }.sorted(), versions.compactMap { $0 }, "in the order published")
    }

    func testAVersionPublishedWhileAnEarlierOneIsBeingFetchedIsFetchedToo() async throws {
        let (client, log, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        // The fetch for version 2 answers a second late, with version 2; version 3 is announced
        // meanwhile, and its fetch joins the one in flight, so it must try again.
        try await server.script([["mode": "update", "delay": 1]])
        var entries = client.remoteEntries
        entries["step"] = "2"
        try await server.publish(entries)
        let deadline = ContinuousClock.now + .seconds(20)
        while try await server.requests().filter({ $0.path.hasSuffix(":fetch") }).count < 2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        entries["step"] = "3"
        try await server.publish(entries)
        let arrived = await log.wait { updates, _ in updates.count == 3 }
        XCTAssertTrue(arrived, "version 3 was fetched")
        XCTAssertEqual(log.updates.dropFirst().map(\.templateVersion), [2, 3])
        XCTAssertEqual(client.configValue(forKey: "step").stringValue, "3")
    }

    func testAVersionThatCannotBeFetchedIsReportedOnceAndListeningGoesOn() async throws {
        let (client, log, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        let failures = Locked<[RemoteConfigError]>([])
        let failureSubscription = client.realtimeUpdateFailures.subscribe(onNext: { error in failures.withLock { $0.append(error) } })
        defer { failureSubscription.dispose() }
        // The first try meets a 500, which pauses fetches: the second and third are refused at once.
        try await server.script([["mode": "500"]])
        try await server.publish(["step": "2"])
        let reported = await log.wait { _, _ in !failures.withLock { $0 }.isEmpty }
        XCTAssertTrue(reported)
        XCTAssertEqual(failures.withLock { $0 }, [.updateNotFetched(templateVersion: 2)])
        XCTAssertNil(log.error, "listening goes on")

        clock.advance(by: 121)
        try await server.publish(["step": "3"])
        let arrived = await log.wait { updates, _ in updates.count == 2 }
        XCTAssertTrue(arrived, "the next version arrives")
        XCTAssertEqual(failures.withLock { $0 }.count, 1, "reported once")
    }

    func testFeatureDisabledEndsListeningWithATypedError() async throws {
        let (_, log, subscription) = try await listeningClient()
        defer { subscription.dispose() }
        try await server.disableRealtime()
        let ended = await log.wait { _, error in error != nil }
        XCTAssertTrue(ended)
        XCTAssertEqual(log.error, .realtimeDisabled)
    }

    func testTheLastListenerLeavingClosesTheStreamAndNoServerMeansNoStream() async throws {
        let (client, _, subscription) = try await listeningClient()
        subscription.dispose()
        // The stream closes within the connection's quarter-second cancellation slice.
        var open = try await server.openStreams()
        let deadline = ContinuousClock.now + .seconds(10)
        while open > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            open = try await server.openStreams()
        }
        XCTAssertEqual(open, 0)
        withExtendedLifetime(client) {}  // closed because the listener left, not because the client went

        let offline = try LiveRemoteConfig(configuration: .offline(storageURL: storageDirectory.appendingPathComponent("offline.json")))
        let (offlineLog, offlineSubscription) = listen(offline)
        offlineSubscription.dispose()
        XCTAssertEqual(offlineLog.updates, [])
        XCTAssertNil(offlineLog.error)
    }
}

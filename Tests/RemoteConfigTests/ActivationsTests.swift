import Foundation
import Reactive
import RemoteConfig
import RemoteConfigInterface
import XCTest

/// `activations` reports every activation that changed active values, with the keys it changed.
final class ActivationsTests: ServerTestCase {
    func testEachChangingActivationIsReportedWithItsKeys() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        let received = Locked<[Set<String>]>([])
        let subscription = client.activations.subscribe(onNext: { update in
            received.withLock { $0.append(update.updatedKeys) }
        })
        defer { subscription.dispose() }

        _ = await fetchAndActivateResult(client)  // the sample: every key is new
        _ = await fetchAndActivateResult(client)  // 304: nothing
        var entries = client.remoteEntries
        entries["welcome_message"] = "환영합니다"
        entries["menu"] = nil
        entries["new_key"] = "new"
        try await server.setTemplate(entries)
        _ = await fetchAndActivateResult(client)  // one changed, one removed, one added
        try await server.script([["mode": "no_change"]])
        _ = await fetchAndActivateResult(client)  // nothing
        try await server.script([["mode": "empty_config"]])
        _ = await fetchAndActivateResult(client)  // everything removed

        // The update is delivered before the handler that follows it, so everything has arrived.
        XCTAssertEqual(
            received.withLock { $0 },
            [
                Set(sampleKeys),
                ["welcome_message", "menu", "new_key"],
                Set(entries.keys),
            ])
    }

    func testUpdateArrivesBeforeTheActivationHandler() async throws {
        let client = try makeClient()
        let events = Locked<[String]>([])
        let subscription = client.activations.subscribe(onNext: { _ in events.withLock { $0.append("update") } })
        defer { subscription.dispose() }
        _ = await fetchResult(client, expiration: 0)

        let activation = await activateResult(client)
        events.withLock { $0.append("handler \(activation.changed)") }

        XCTAssertEqual(events.withLock { $0 }, ["update", "handler true"])
    }

    func testTheRxNamespaceForwardsUpdates() async throws {
        let remoteConfig: any RemoteConfigProtocol = try makeClient()
        let received = Locked<[RemoteConfigUpdate]>([])
        let subscription = remoteConfig.rx.activations.subscribe(onNext: { update in received.withLock { $0.append(update) } })
        defer { subscription.dispose() }

        _ = await fetchAndActivateResult(remoteConfig)

        XCTAssertEqual(received.withLock { $0 }, [RemoteConfigUpdate(updatedKeys: Set(sampleKeys), templateVersion: 1)])
    }
}

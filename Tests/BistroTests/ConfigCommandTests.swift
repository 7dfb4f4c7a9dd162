import Foundation
import TestSupport
import XCTest

/// `bistro config fetch|show|watch` end to end.
final class ConfigCommandTests: BistroTestCase {
    private var server: LocalConfigServer?

    override func tearDownWithError() throws {
        server?.stop()
        try super.tearDownWithError()
    }

    func testWithoutAServerTheDefaultsAreActiveAndFetchingUsesThem() throws {
        let show = try bistro("config", "show")
        XCTAssertEqual(show.status, 0, show.standardError)
        let lines = show.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "KEY              SOURCE   VALUE")
        XCTAssertTrue(lines.contains { $0.hasPrefix("menu             default  [{\"id\": 1, \"name\": \"떡볶이\"") }, show.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("seller_contacts  default  [") }, show.standardOutput)
        XCTAssertEqual(lines.last, "last fetch: noFetchYet")

        let fetch = try bistro("config", "fetch", "--json")
        XCTAssertEqual(fetch.status, 0, fetch.standardError)
        XCTAssertEqual(fetch.standardOutput, #"{"status":"successUsingPreFetchedData"}"# + "\n")
    }

    func testFakeFetchesTheSampleTemplate() throws {
        let fetch = try bistro("--fake", "config", "fetch")
        XCTAssertEqual(fetch.status, 0, fetch.standardError)
        XCTAssertEqual(fetch.standardOutput, "fetched and activated new values (successFetchedFromRemote)\n")
    }

    func testAnExplicitFetchIgnoresTheMinimumIntervalButNotTheBackOff() throws {
        let server = try LocalConfigServer()
        self.server = server
        let url = server.baseURL.absoluteString

        let first = try bistro("config", "fetch", "--json", "--remote-config-url", url)
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(first.standardOutput, #"{"status":"successFetchedFromRemote"}"# + "\n")

        let show = try bistro("config", "show", "--json", "--remote-config-url", url)
        let shown = try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8)) as? [String: Any]
        XCTAssertEqual(shown?["lastFetchStatus"] as? String, "success")
        let values = shown?["values"] as? [String: [String: String]]
        XCTAssertEqual(values?["welcome_message"], ["source": "remote", "value": "어서 오세요!"])

        // Within the minimum interval, yet the explicit fetch reaches the server and brings the change.
        try server.setTemplate(["welcome_message": "안녕하세요"])
        let second = try bistro("config", "fetch", "--json", "--remote-config-url", url)
        XCTAssertEqual(second.standardOutput, #"{"status":"successFetchedFromRemote"}"# + "\n")
        XCTAssertTrue(
            try bistro("config", "show", "--remote-config-url", url).standardOutput
                .contains("welcome_message  remote   안녕하세요"))

        // A 503 starts a back-off; the next explicit fetch is refused without reaching the server.
        try server.script([["mode": "503"], ["mode": "update"]])
        let failed = try bistro("config", "fetch", "--remote-config-url", url)
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.standardError.hasPrefix("bistro: error: could not fetch the remote config: "), failed.standardError)
        let throttled = try bistro("config", "fetch", "--remote-config-url", url)
        XCTAssertEqual(throttled.status, 1)
        XCTAssertTrue(throttled.standardError.hasPrefix("bistro: error: could not fetch the remote config: "), throttled.standardError)
        XCTAssertNotEqual(throttled.standardError, failed.standardError)
    }

    /// The server's entries as a fetch brought them (`config show --json`, remote values only).
    private func remoteEntries(_ url: String) throws -> [String: String] {
        let show = try bistro("config", "show", "--json", "--remote-config-url", url)
        let shown = try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8)) as? [String: Any]
        let values = shown?["values"] as? [String: [String: String]] ?? [:]
        return values.compactMapValues { $0["source"] == "remote" ? $0["value"] : nil }
    }

    /// A server whose sample template a first `config fetch` brought: the server, its URL and the entries.
    private func fetchedServer() throws -> (LocalConfigServer, String, [String: String]) {
        let server = try LocalConfigServer()
        self.server = server
        let url = server.baseURL.absoluteString
        XCTAssertEqual(try bistro("config", "fetch", "--remote-config-url", url).status, 0)
        return (server, url, try remoteEntries(url))
    }

    func testWatchPrintsEachPublishedTemplateOnceUntilCtrlC() throws {
        let (server, url, fetched) = try fetchedServer()
        var entries = fetched
        XCTAssertEqual(entries["welcome_message"], "어서 오세요!")

        let watch = try startWatching(["config", "watch", "--remote-config-url", url])
        entries["welcome_message"] = "안녕하세요"
        try server.publish(entries)
        XCTAssertEqual(watch.lines.next(), "version 2: welcome_message")
        // Version 3 changes nothing, so it prints nothing; version 4 adds one key and removes one.
        try server.publish(entries)
        entries["ordering_enabled"] = nil
        entries["new\u{1B}[2Jkey"] = "1"
        try server.publish(entries)
        XCTAssertEqual(watch.lines.next(), "version 4: new␛[2Jkey, ordering_enabled", "a key from the server is shown, never run")

        watch.interrupt()
        XCTAssertEqual(watch.waitForExit(), 0, "Ctrl-C ends the watch normally")
        XCTAssertNil(watch.errors.next())
        // What the watch activated is what the next command sees.
        XCTAssertEqual(try remoteEntries(url), entries)
    }

    func testWatchSaysOnceThatAPublishedVersionCouldNotBeFetchedAndGoesOn() throws {
        let (server, url, fetched) = try fetchedServer()
        var entries = fetched

        let watch = try startWatching(["config", "watch", "--remote-config-url", url])
        // The first of the three tries meets a 500, which pauses fetches: the others are refused.
        try server.script([["mode": "500"]])
        entries["welcome_message"] = "안녕하세요"
        try server.publish(entries)
        XCTAssertEqual(
            watch.errors.next(),
            "bistro: error: Template version 2 was published, but it could not be fetched; the values in use stay as they were.")
        watch.interrupt()
        XCTAssertEqual(watch.waitForExit(), 0, "watching went on until Ctrl-C")
        XCTAssertNil(watch.errors.next(), "said once")
    }

    func testWatchPrintsJSONAndStopsWithAnErrorWhenTheServerTurnsRealTimeUpdatesOff() throws {
        let server = try LocalConfigServer()
        self.server = server
        let url = server.baseURL.absoluteString
        // Nothing fetched yet: the stream announces version 1 at once.
        let watch = try startWatching(["config", "watch", "--json", "--remote-config-url", url])
        let first = watch.lines.next()
        XCTAssertEqual(
            first,
            #"{"templateVersion":1,"updatedKeys":["free_delivery_threshold","menu","ordering_enabled","seller_contacts","welcome_message"]}"#
        )
        try server.disableRealtime()
        XCTAssertEqual(watch.waitForExit(), 1)
        XCTAssertEqual(
            watch.errors.next(),
            "bistro: error: real-time updates stopped: The remote config server turned real-time updates off for this app.")
    }

    func testWatchWithoutAServerSaysThereIsNothingToWatch() throws {
        for arguments in [["config", "watch"], ["--fake", "config", "watch"]] {
            let run = try bistro(args: arguments)
            XCTAssertEqual(run.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(
                run.standardError,
                "bistro: error: there is no server to watch: give --firebase-options FILE (your Firebase app) or "
                    + "--remote-config-url URL (a server of your own)\n")
        }
    }
}

import Foundation
import TestSupport
import XCTest

/// `bistro config fetch|show` end to end.
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
        XCTAssertTrue(try bistro("config", "show", "--remote-config-url", url).standardOutput
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
}

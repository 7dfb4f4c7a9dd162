import Foundation
import TestSupport
import XCTest

/// `bistro contacts` end to end: fakes, the compiled-in defaults, the local server, failures, `--watch`.
final class ContactsCommandTests: BistroTestCase {
    static let sampleText = """
        #  PHONE            ADDRESS
        0  +82 2-1234-5678  서울특별시 종로구 세종대로 175
        1  +82 51-987-6543  부산광역시 해운대구 해운대해변로 264

        """
    static let sampleJSON = """
        [{"address":"서울특별시 종로구 세종대로 175","order":0,"phone":"+82 2-1234-5678"},\
        {"address":"부산광역시 해운대구 해운대해변로 264","order":1,"phone":"+82 51-987-6543"}]

        """
    static let oneContact = #"[{"address": "제주특별자치도 제주시 1", "order": 0, "phone": "+82 64-000-0000"}]"#

    private var server: LocalConfigServer?

    override func tearDownWithError() throws {
        server?.stop()
        try super.tearDownWithError()
    }

    private func startServer() throws -> String {
        let server = try LocalConfigServer()
        self.server = server
        return server.baseURL.absoluteString
    }

    func testFakePrintsTheSampleContactsAsTextAndJSON() throws {
        let text = try bistro("contacts", "--fake")
        XCTAssertEqual(text.status, 0, text.standardError)
        XCTAssertEqual(text.standardOutput, Self.sampleText)

        let json = try bistro("--fake", "contacts", "--json")
        XCTAssertEqual(json.status, 0, json.standardError)
        XCTAssertEqual(json.standardOutput, Self.sampleJSON)
    }

    func testWithoutAServerTheCompiledInDefaultsFillTheDatabaseOnce() throws {
        let first = try bistro("contacts")
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(first.standardOutput, Self.sampleText)
        let database = home.appendingPathComponent("data/bistro/bistro.sqlite")
        XCTAssertTrue(FileManager.default.fileExists(atPath: database.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent("state/bistro/remote-config.json").path))

        let custom = home.appendingPathComponent("elsewhere.sqlite").path
        XCTAssertEqual(try bistro("contacts", "--json", "--database", custom).standardOutput, Self.sampleJSON)
        XCTAssertTrue(FileManager.default.fileExists(atPath: custom))
    }

    func testSyncsFromTheServer() throws {
        let url = try startServer()
        try server!.setTemplate(["seller_contacts": Self.oneContact])
        let run = try bistro("contacts", "--remote-config-url", url)
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(run.standardOutput, "#  PHONE            ADDRESS\n0  +82 64-000-0000  제주특별자치도 제주시 1\n")

        // The URL may also come from the environment.
        try server!.setTemplate(["seller_contacts": "[]"])
        let fromEnvironment = try bistro(
            "contacts", "--state-dir", home.appendingPathComponent("fresh").path,
            environment: ["BISTRO_REMOTE_CONFIG_URL": url])
        XCTAssertEqual(fromEnvironment.status, 0, fromEnvironment.standardError)
        XCTAssertEqual(fromEnvironment.standardOutput, "no contacts\n")
    }

    func testContactsActivatedByAnotherCommandAreStoredByTheNextSync() throws {
        let url = try startServer()
        try server!.setTemplate(["seller_contacts": Self.oneContact])
        // `config fetch` activates the new contacts without storing them; the next `contacts` finds
        // no newer values on the server (successUsingPreFetchedData), yet must show the active ones.
        XCTAssertEqual(try bistro("config", "fetch", "--remote-config-url", url).status, 0)
        let run = try bistro("contacts", "--remote-config-url", url)
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(run.standardOutput, "#  PHONE            ADDRESS\n0  +82 64-000-0000  제주특별자치도 제주시 1\n")
    }

    func testAFailedSyncKeepsThePreviousContactsAndExitsWithOne() throws {
        let url = try startServer()
        XCTAssertEqual(try bistro("contacts", "--remote-config-url", url).standardOutput, Self.sampleText)

        // A fresh state directory each time: the first run's fetch would otherwise be reused for
        // the minimum fetch interval, and a 500 starts a back-off.
        try server!.script([["mode": "500"]])
        let serverError = try bistro("contacts", "--remote-config-url", url, "--state-dir", home.appendingPathComponent("s1").path)
        XCTAssertEqual(serverError.status, 1)
        XCTAssertEqual(serverError.standardOutput, "")
        XCTAssertTrue(serverError.standardError.hasPrefix("bistro: error: could not sync the contacts: "), serverError.standardError)
        XCTAssertTrue(serverError.standardError.contains("500"), serverError.standardError)

        try server!.script([["mode": "invalid_json"]])
        let garbage = try bistro("contacts", "--remote-config-url", url, "--state-dir", home.appendingPathComponent("s2").path)
        XCTAssertEqual(garbage.status, 1)
        XCTAssertTrue(garbage.standardError.hasPrefix("bistro: error: could not sync the contacts: "), garbage.standardError)

        // Without a server, the same database still holds the first run's contacts.
        let after = try bistro("contacts")
        XCTAssertEqual(after.status, 0, after.standardError)
        XCTAssertEqual(after.standardOutput, Self.sampleText)
    }

    static let refusedWarning =
        "bistro: warning: the server's contacts were refused, keeping the last good contacts: "
        + "The seller's contacts could not be read: they are not a JSON array.\n"

    func testContactsTheServerSendsThatAreRefusedAreOneWarningAndTheStoredOnesAreShown() throws {
        let url = try startServer()
        try server!.setTemplate(["seller_contacts": Self.oneContact])
        XCTAssertEqual(try bistro("contacts", "--remote-config-url", url).status, 0)
        let stored = "#  PHONE            ADDRESS\n0  +82 64-000-0000  제주특별자치도 제주시 1\n"

        // A state directory of its own: the first run's fetch would otherwise be reused for the
        // minimum fetch interval.
        let state = home.appendingPathComponent("refused").path
        try server!.setTemplate(["seller_contacts": "this is not JSON"])
        let refused = try bistro("contacts", "--remote-config-url", url, "--state-dir", state)
        XCTAssertEqual(refused.status, 0, refused.standardError)
        XCTAssertEqual(refused.standardOutput, stored)
        XCTAssertEqual(refused.standardError, Self.refusedWarning)

        // Said once: later runs, with the server or with none (the refused value is still the
        // active one), show the stored contacts and say nothing more.
        for arguments in [["contacts", "--remote-config-url", url, "--state-dir", state], ["contacts", "--state-dir", state]] {
            let again = try bistro(args: arguments)
            XCTAssertEqual(again.status, 0, again.standardError)
            XCTAssertEqual(again.standardOutput, stored, "\(arguments)")
            XCTAssertEqual(again.standardError, "", "\(arguments)")
        }
    }

    func testOnTheFirstRunRefusedContactsGiveWayToTheAppsOwn() throws {
        let url = try startServer()
        try server!.setTemplate(["seller_contacts": "this is not JSON"])
        let run = try bistro("contacts", "--json", "--remote-config-url", url)
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(run.standardOutput, Self.sampleJSON, "the contacts compiled into the app")
        XCTAssertEqual(run.standardError, Self.refusedWarning)
    }

    func testAWatchWhoseSyncFailsExitsWithOneAsAOneShotRunDoes() throws {
        let url = try startServer()
        try server!.script([["mode": "500"]])
        let watch = try startWatching(["contacts", "--watch", "--remote-config-url", url])
        XCTAssertEqual(watch.waitForExit(), 1, "the watch ended with the failed sync, its input still open")
        XCTAssertEqual(watch.errors.next()?.hasPrefix("bistro: error: could not sync the contacts: "), true)
        XCTAssertNil(watch.lines.next(), "nothing printed")
    }

    func testAWatchThatMeetsRefusedContactsWarnsOnceAndShowsTheStoredOnes() throws {
        let url = try startServer()
        try server!.setTemplate(["seller_contacts": "this is not JSON"])
        let watch = try startWatching(["contacts", "--watch", "--json", "--remote-config-url", url])
        XCTAssertEqual(watch.errors.next().map { $0 + "\n" }, Self.refusedWarning)
        XCTAssertEqual(watch.lines.next(), Self.sampleJSON.trimmingCharacters(in: .newlines))
        try watch.closeInput()
        XCTAssertEqual(watch.waitForExit(), 0)
        XCTAssertNil(watch.errors.next(), "said once")
    }

    func testWatchPrintsAgainWhenAnotherRunChangesTheContacts() throws {
        let url = try startServer()
        XCTAssertEqual(try bistro("contacts", "--remote-config-url", url).status, 0)

        let watcher = try makeProcess(["contacts", "--watch", "--json"])
        let input = Pipe()
        let output = Pipe()
        watcher.standardInput = input
        watcher.standardOutput = output
        watcher.standardError = FileHandle.nullDevice
        try watcher.run()
        let lines = LineReader(output.fileHandleForReading)
        XCTAssertEqual(lines.next(), Self.sampleJSON.trimmingCharacters(in: .newlines))

        try server!.setTemplate(["seller_contacts": Self.oneContact])
        let writer = try bistro("contacts", "--remote-config-url", url, "--state-dir", home.appendingPathComponent("fresh").path)
        XCTAssertEqual(writer.status, 0, writer.standardError)
        XCTAssertEqual(lines.next(), #"[{"address":"제주특별자치도 제주시 1","order":0,"phone":"+82 64-000-0000"}]"#)

        // The end of standard input ends the watch normally.
        try input.fileHandleForWriting.close()
        watcher.waitUntilExit()
        XCTAssertEqual(watcher.terminationStatus, 0)
    }

    func testWatchPrintsTheContactsOfEveryTemplatePublishedAndOutlivesAServerRestart() throws {
        let port = unusedLocalPort()
        var server = try LocalConfigServer(arguments: ["--port", "\(port)"])
        self.server = server
        let url = server.baseURL.absoluteString
        XCTAssertEqual(try bistro("contacts", "--remote-config-url", url).status, 0)
        let watch = try startWatching(["contacts", "--watch", "--json", "--remote-config-url", url])
        XCTAssertEqual(watch.lines.next(), Self.sampleJSON.trimmingCharacters(in: .newlines))

        // Published while the watch runs: no other command is needed to see it.
        try server.publish(["seller_contacts": Self.oneContact])
        XCTAssertEqual(watch.lines.next(), #"[{"address":"제주특별자치도 제주시 1","order":0,"phone":"+82 64-000-0000"}]"#)

        // The server goes away and comes back with the same template (its versions only rise, so
        // the watch fetches it, and finds nothing new); the watch reconnects.
        server.stop()
        let template = home.appendingPathComponent("template.json")
        try JSONSerialization.data(withJSONObject: ["entries": ["seller_contacts": Self.oneContact]]).write(to: template)
        server = try LocalConfigServer(arguments: ["--port", "\(port)", "--template-version", "10", "--template", template.path])
        self.server = server
        try server.publish(["seller_contacts": #"[{"address": "강원특별자치도 춘천시 2", "order": 0, "phone": "+82 33-000-0000"}]"#])
        XCTAssertEqual(watch.lines.next(within: 60), #"[{"address":"강원특별자치도 춘천시 2","order":0,"phone":"+82 33-000-0000"}]"#)

        // A template whose contacts do not decode is a warning; the stored contacts stay, and the
        // next template is stored.
        try server.publish(["seller_contacts": "this is not JSON"])
        XCTAssertEqual(watch.errors.next().map { $0 + "\n" }, Self.refusedWarning)
        try server.publish(["seller_contacts": Self.oneContact])
        XCTAssertEqual(watch.lines.next(), #"[{"address":"제주특별자치도 제주시 1","order":0,"phone":"+82 64-000-0000"}]"#)

        try watch.closeInput()
        XCTAssertEqual(watch.waitForExit(), 0)
        XCTAssertNil(watch.errors.next(), "nothing more went wrong")
    }
}

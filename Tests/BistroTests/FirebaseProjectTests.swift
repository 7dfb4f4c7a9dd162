import Foundation
import TestSupport
import XCTest

/// `bistro` pointed at a Firebase project of the user's own, as its options file describes it, with
/// the strict local stand-in (`--remote-config-url`) playing Google's three services.
final class FirebaseProjectTests: BistroTestCase {
    private var server: LocalConfigServer?

    override func tearDownWithError() throws {
        server?.stop()
        try super.tearDownWithError()
    }

    /// `data` written as `name` in the test's home.
    private func optionsFile(_ data: Data, _ name: String) throws -> String {
        let url = home.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// A server playing the project of the options file at `path`, and the arguments that point `bistro` at both.
    private func serve(_ path: String, _ extra: [String] = []) throws -> (LocalConfigServer, [String]) {
        let server = try LocalConfigServer(arguments: ["--firebase-options", path] + extra)
        self.server = server
        return (server, ["--firebase-options", path, "--remote-config-url", server.baseURL.absoluteString])
    }

    private func assertEveryCommandWorks(
        _ arguments: [String], server: LocalConfigServer, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let fetch = try bistro(args: arguments + ["config", "fetch"])
        XCTAssertEqual(fetch.status, 0, fetch.standardError, file: file, line: line)
        XCTAssertEqual(fetch.standardOutput, "fetched and activated new values (successFetchedFromRemote)\n", file: file, line: line)
        let contacts = try bistro(args: arguments + ["contacts"])
        XCTAssertEqual(contacts.status, 0, contacts.standardError, file: file, line: line)
        XCTAssertTrue(contacts.standardOutput.contains("+82 2-1234-5678"), contacts.standardOutput, file: file, line: line)
        let menu = try bistro(args: arguments + ["menu", "list"])
        XCTAssertEqual(menu.status, 0, menu.standardError, file: file, line: line)
        XCTAssertTrue(menu.standardOutput.contains("떡볶이"), menu.standardOutput, file: file, line: line)

        let watch = try startWatching(arguments + ["config", "watch", "--json"])
        try server.publish(["welcome_message": "환영합니다"])
        let announced = watch.lines.next()
        XCTAssertTrue(announced?.contains(#""updatedKeys":["#) ?? false, announced ?? "nothing", file: file, line: line)
        watch.interrupt()
        XCTAssertEqual(watch.waitForExit(), 0, file: file, line: line)

        let installation = try bistro(args: arguments + ["config", "installation", "--json"])
        XCTAssertEqual(installation.status, 0, installation.standardError, file: file, line: line)
        let shown = try JSONSerialization.jsonObject(with: Data(installation.standardOutput.utf8)) as? [String: String]
        let known = try server.installationsWaiting()
        XCTAssertEqual(known.registrations, 1, "one installation for every command so far", file: file, line: line)
        XCTAssertEqual(shown?["installationID"], known.installations.first?.fid, file: file, line: line)
        XCTAssertNotNil(shown?["authTokenExpiration"], file: file, line: line)
        XCTAssertEqual(shown?.count, 2, "the token itself is never printed", file: file, line: line)
    }

    func testAnAppleAppsProjectWorksThroughEveryCommand() throws {
        let plist = try optionsFile(FirebaseOptionsFiles.infoPlist(), "GoogleService-Info.plist")
        let (server, arguments) = try serve(plist, ["--restrict-key", "ios:app.bistro.tests"])
        try assertEveryCommandWorks(arguments, server: server)
        let request = try XCTUnwrap(try server.requestsWaiting().last { $0.path.hasSuffix(":fetch") })
        XCTAssertEqual(request.path, "/v1/projects/bistro-test-project/namespaces/firebase:fetch")
        XCTAssertEqual(request.header("X-Ios-Bundle-Identifier"), "app.bistro.tests")
    }

    func testAnAndroidAppsProjectWorksThroughEveryCommand() throws {
        let hash = "da39a3ee5e6b4b0d3255bfef95601890afd80709"
        let json = try optionsFile(FirebaseOptionsFiles.servicesJSON(certificateHash: hash), "google-services.json")
        let (server, arguments) = try serve(json, ["--restrict-key", "android:app.bistro.android,\(hash)"])
        try assertEveryCommandWorks(arguments + ["--firebase-app", "app.bistro.android"], server: server)
        let requests = try server.requestsWaiting()
        let fetch = try XCTUnwrap(requests.last { $0.path.hasSuffix(":fetch") })
        XCTAssertEqual(fetch.header("X-Android-Package"), "app.bistro.android")
        XCTAssertEqual(fetch.header("X-Android-Cert"), hash.uppercased(), "as Android's SDK sends it")
        XCTAssertEqual(try XCTUnwrap(requests.last { $0.mode == "stream" }).header("X-Android-Cert"), hash.uppercased())
    }

    func testSeveralAndroidAppsNeedAChoiceAndARestrictedKeyItsCertificate() throws {
        let json = try optionsFile(FirebaseOptionsFiles.servicesJSON(), "google-services.json")
        let certificate = "DA:39:A3:EE:5E:6B:4B:0D:32:55:BF:EF:95:60:18:90:AF:D8:07:09"
        let (server, arguments) = try serve(json, ["--restrict-key", "android:app.bistro.android,\(certificate)"])

        let unchosen = try bistro(args: arguments + ["config", "fetch"])
        XCTAssertEqual(unchosen.status, 2)
        XCTAssertEqual(
            unchosen.standardError,
            "bistro: error: the Firebase options file \(json) holds 2 apps; choose one by package name or app ID: "
                + "app.bistro.android (1:123456789012:android:0123456789abcdef), other.app (1:123456789012:android:ffff)\n"
                + "try 'bistro --help' for usage\n")

        let uncertified = try bistro(args: arguments + ["config", "fetch"], environment: ["BISTRO_FIREBASE_APP": "app.bistro.android"])
        XCTAssertEqual(uncertified.status, 1)
        XCTAssertTrue(
            uncertified.standardError.contains("no certificate hash is known for app.bistro.android"), uncertified.standardError)

        let certified = try bistro(
            args: arguments + [
                "--firebase-app", "1:123456789012:android:0123456789abcdef", "--firebase-android-cert", certificate, "config", "fetch",
            ])
        XCTAssertEqual(certified.status, 0, certified.standardError)
        XCTAssertEqual(
            try server.installationsWaiting().attempts.map(\.androidCert),
            [nil, "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709"])

        let notAHash = try bistro(
            args: arguments + ["--firebase-app", "app.bistro.android", "--firebase-android-cert", "abc", "config", "fetch"])
        XCTAssertEqual(notAHash.status, 2)
        XCTAssertTrue(notAHash.standardError.contains("--firebase-android-cert must be a certificate's SHA-1"), notAHash.standardError)
    }

    func testTheOptionsCanComeFromTheEnvironment() throws {
        let plist = try optionsFile(FirebaseOptionsFiles.infoPlist(), "GoogleService-Info.plist")
        let (server, _) = try serve(plist)
        let run = try bistro(
            args: ["config", "fetch", "--json"],
            environment: [
                "BISTRO_FIREBASE_OPTIONS": plist, "BISTRO_REMOTE_CONFIG_URL": server.baseURL.absoluteString,
            ])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(run.standardOutput, #"{"status":"successFetchedFromRemote"}"# + "\n")
    }

    func testTenRunsAfterTheFirstAndTenParallelFirstRunsRegisterOneInstallationEach() throws {
        let plist = try optionsFile(FirebaseOptionsFiles.infoPlist(), "GoogleService-Info.plist")
        let (server, arguments) = try serve(plist)
        for run in 0...10 {
            let fetch = try bistro(args: arguments + ["config", "fetch"])
            XCTAssertEqual(fetch.status, 0, "run \(run): \(fetch.standardError)")
        }
        XCTAssertEqual(try server.installationsWaiting().registrations, 1)

        // Ten processes at once on a state directory none has used: one registers, nine wait for it.
        let shared = home.appendingPathComponent("parallel-state").path
        let processes = try (0..<10).map { _ in
            let process = try makeProcess(arguments + ["--state-dir", shared, "config", "fetch"])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        XCTAssertEqual(try server.installationsWaiting().registrations, 2, "one for each state directory")
    }

    func testAnUnusableOptionsFileIsAUsageErrorThatNamesTheFieldAndWritesNothing() throws {
        let missing = home.appendingPathComponent("nowhere/GoogleService-Info.plist").path
        let noProject = try optionsFile(FirebaseOptionsFiles.infoPlist(projectID: nil), "GoogleService-Info.plist")
        let noNumber = try optionsFile(FirebaseOptionsFiles.servicesJSON(projectNumber: nil), "google-services.json")
        let neither = try optionsFile(Data("{\"hello\": 1}".utf8), "firebase.json")
        let cases = [
            (missing, "the Firebase options file \(missing) does not exist"),
            (noProject, "the Firebase options file \(noProject) has no PROJECT_ID"),
            (noNumber, "the Firebase options file \(noNumber) has no project_info.project_number"),
            (neither, "\(neither) is neither a GoogleService-Info.plist nor a google-services.json"),
        ]
        for (path, sentence) in cases {
            let run = try bistro(args: ["--firebase-options", path, "--firebase-app", "app.bistro.android", "config", "fetch"])
            XCTAssertEqual(run.status, 2, path)
            XCTAssertEqual(run.standardError, "bistro: error: \(sentence)\ntry 'bistro --help' for usage\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("state").path), "nothing is written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("data").path), "nothing is written")
    }

    func testAWrongKeyAndARestrictedBundleSayWhatGoogleSaid() throws {
        let plist = try optionsFile(FirebaseOptionsFiles.infoPlist(), "GoogleService-Info.plist")
        let (server, arguments) = try serve(plist, ["--api-key", "AIzaSyAnotherKey0000000000000000000000000"])
        let wrongKey = try bistro(args: arguments + ["config", "fetch"])
        XCTAssertEqual(wrongKey.status, 1)
        XCTAssertEqual(
            wrongKey.standardError,
            """
            bistro: error: could not fetch the remote config: Firebase Installations refused the request: INVALID_ARGUMENT: \
            API key not valid. Please pass a valid API key. (HTTP 400).

            """)
        // Firebase's rule: an app Installations refused is not asked again for a day, by any command.
        let again = try bistro(args: arguments + ["menu", "list"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(
            again.standardError.contains(
                "Firebase Installations refused this app: INVALID_ARGUMENT: API key not valid. Please pass a valid API key. (HTTP 400); "
                    + "it is not asked again before "), again.standardError)
        XCTAssertEqual(try server.installationsWaiting().attempts.count, 1)
        server.stop()

        let (_, restricted) = try serve(plist, ["--restrict-key", "ios:com.example.other"])
        let blocked = try bistro(args: restricted + ["--state-dir", home.appendingPathComponent("another-state").path, "contacts"])
        XCTAssertEqual(blocked.status, 1)
        XCTAssertEqual(
            blocked.standardError,
            """
            bistro: error: could not sync the contacts: Firebase Installations refused the request: PERMISSION_DENIED: \
            Requests from this iOS client application app.bistro.tests are blocked. (HTTP 403).

            """)
    }

    func testTheInstallationNeedsAProject() throws {
        let offline = try bistro("config", "installation")
        XCTAssertEqual(offline.status, 1)
        XCTAssertEqual(
            offline.standardError,
            "bistro: error: there is no Firebase project to register with: give --firebase-options FILE or --remote-config-url URL\n")
        let fake = try bistro("--fake", "config", "installation")
        XCTAssertEqual(fake.standardError, "bistro: error: the fake remote config has no Firebase installation\n")
    }
}

import Foundation
import Reactive
import RemoteConfigInterface
import TestSupport
import XCTest

@testable import RemoteConfig

/// Firebase Installations against the strict local server: one registration per state directory,
/// tokens renewed before they run out or when refused, a deleted installation replaced, and each
/// refusal a typed error with Google's message that leaves what is stored as it was.
final class InstallationsTests: ServerTestCase {
    func testAnFIDIsMadeAsFirebasesSDKsMakeIt() {
        let fid = InstallationID.make(from: [0xFF] + Array(repeating: 0, count: 16))
        XCTAssertEqual(fid, "fwAAAAAAAAAAAAAAAAAAAA", "the first four bits are 0111, the rest of the byte kept")
        for _ in 0..<200 {
            let made = InstallationID.make()
            XCTAssertTrue(InstallationID.isValid(made), made)
            XCTAssertTrue("cdef".contains(made.first!), made)
        }
        XCTAssertFalse(InstallationID.isValid("aAAAAAAAAAAAAAAAAAAAAA"))
        XCTAssertFalse(InstallationID.isValid("fAAAAAAAAAAAAAAAAAAAA"))
        XCTAssertFalse(InstallationID.isValid("fAAAAAAAAAAAAAAAAAAAA+"))
    }

    func testTheFirstFetchRegistersAndLaterClientsReuseTheInstallation() async throws {
        let first = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        let result = await fetchAndActivateResult(first)
        XCTAssertEqual(result.status, .successFetchedFromRemote)
        let fid = try await XCTUnwrap(first.installations).installationID()

        for _ in 0..<3 {
            let later = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
            let status = await fetchAndActivateResult(later).status
            XCTAssertEqual(status, .successFetchedFromRemote)
            let laterFID = try await XCTUnwrap(later.installations).installationID()
            XCTAssertEqual(laterFID, fid)
        }

        let installations = try await server.installations()
        XCTAssertEqual(installations.registrations, 1)
        XCTAssertEqual(installations.tokenRefreshes, 0)
        XCTAssertEqual(installations.installations.map(\.fid), [fid])
        XCTAssertEqual(installations.installations.map(\.appId), [FirebaseOptions.development.googleAppID])
        let attributes = try FileManager.default.attributesOfItem(atPath: installationsStorageURL.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    func testClientsRacingOnAFirstLaunchRegisterOnce() async throws {
        // Each client has its own in-process lock: only the file lock keeps them to one registration.
        let clients = try (0..<8).map { _ in try makeClient() }
        let fids = try await withThrowingTaskGroup(of: String.self) { group in
            for client in clients {
                group.addTask { try await XCTUnwrap(client.installations).installationID() }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(fids.count, 1)
        let registrations = try await server.installations().registrations
        XCTAssertEqual(registrations, 1)
    }

    func testATokenRefusedMidRunIsRenewedAndTheFetchSentAgain() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        let installations = try XCTUnwrap(client.installations)
        let before = try await installations.authToken()
        try await server.expireInstallationTokens()
        try await server.setTemplate(["welcome_message": "환영합니다"])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        XCTAssertEqual(client["welcome_message"].stringValue, "환영합니다")
        let after = try await installations.authToken()
        XCTAssertNotEqual(after.authToken, before.authToken)
        let known = try await server.installations()
        XCTAssertEqual(known.registrations, 1)
        XCTAssertEqual(known.tokenRefreshes, 1)
        let refused = try await server.requests().filter { $0.status == 401 }.count
        XCTAssertEqual(refused, 1, "one refusal, then the renewed token")
    }

    func testATokenWithLessThanAnHourLeftIsRenewedBeforeItIsSent() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        // The server's tokens live a week; by the client's clock less than an hour is left.
        clock.advance(by: 7 * 24 * 60 * 60 - 59 * 60)

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        let known = try await server.installations()
        XCTAssertEqual(known.tokenRefreshes, 1)
        let refused = try await server.requests().filter { $0.status != nil }.count
        XCTAssertEqual(refused, 0, "renewed before any server had to refuse it")
    }

    func testADeletedInstallationIsReplacedByANewRegistration() async throws {
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        _ = await fetchAndActivateResult(client)
        let installations = try XCTUnwrap(client.installations)
        let old = try await installations.installationID()
        try await server.deleteInstallations()

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        let new = try await installations.installationID()
        XCTAssertNotEqual(new, old)
        let known = try await server.installations()
        XCTAssertEqual(known.registrations, 2)
        XCTAssertEqual(known.installations.map(\.fid), [new])
        let restarted = try await XCTUnwrap(makeClient().installations).installationID()
        XCTAssertEqual(restarted, new, "the new installation is what is stored")
    }

    func testTheServersFIDIsTheOneKept() async throws {
        try await server.assignNextInstallationID("eAssignedByTheServer01")
        let client = try makeClient()
        _ = await fetchAndActivateResult(client)

        let fid = try await XCTUnwrap(client.installations).installationID()
        XCTAssertEqual(fid, "eAssignedByTheServer01")
        let body = try await server.requests().last?.body
        XCTAssertEqual(body?["appInstanceId"], .text("eAssignedByTheServer01"))
    }

    func testDeletingRemovesTheInstallationHereAndThere() async throws {
        let client = try makeClient()
        let installations = try XCTUnwrap(client.installations)
        let old = try await installations.installationID()

        try await installations.delete()

        var known = try await server.installations()
        XCTAssertEqual(known.installations, [])
        let new = try await installations.installationID()
        XCTAssertNotEqual(new, old)
        known = try await server.installations()
        XCTAssertEqual(known.registrations, 2)
    }

    func testAFailedRegistrationIsRetriedWithTheSameFIDInThisRunAndTheNext() async throws {
        try await server.failRegistrations(status: 503)
        let client = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        let failed = await fetchAndActivateResult(client)
        guard case .installationsRefused(503, _) = failed.error else { return XCTFail("\(String(describing: failed.error))") }

        // Past the back-off both the fetch and Installations keep (2 minutes, no jitter here).
        clock.advance(by: 121)
        try await server.failRegistrations(status: 503)
        _ = await fetchAndActivateResult(client)
        clock.advance(by: 241)
        let later = try makeClient(settings: RemoteConfigSettings(minimumFetchInterval: 0))
        let result = await fetchAndActivateResult(later)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        let known = try await server.installations()
        XCTAssertEqual(known.attempts.map(\.status), [503, 503, 200])
        XCTAssertEqual(Set(known.attempts.map(\.fid)).count, 1, "one FID for every attempt: \(known.attempts)")
        XCTAssertEqual(known.installations.map(\.fid), [known.attempts[0].fid])
    }

    func testARefusedAppIsNotAskedAgainForADayInAnyProcessUnlessItsOptionsChange() async throws {
        let server403 = RemoteConfigError.installationsRefused(
            403, message: RemoteConfigServerMessage(status: "PERMISSION_DENIED", message: "The caller does not have permission"))
        var options = FirebaseOptions.development
        options.googleAppID = "1:100000000000:ios:ffffffffffffffff"
        let start = clock.now
        let first = await fetchAndActivateResult(try makeClient(options: options, settings: RemoteConfigSettings(minimumFetchInterval: 0)))
        XCTAssertEqual(first.error, server403)

        let paused = RemoteConfigError.installationsPaused(
            until: start.addingTimeInterval(24 * 60 * 60), status: 403,
            message: RemoteConfigServerMessage(status: "PERMISSION_DENIED", message: "The caller does not have permission"))
        clock.advance(by: 23 * 60 * 60)
        for _ in 0..<2 {
            let client = try makeClient(options: options, settings: RemoteConfigSettings(minimumFetchInterval: 0))
            let again = await fetchAndActivateResult(client)
            XCTAssertEqual(again.error, paused)
            do {
                _ = try await XCTUnwrap(client.installations).installationID()
                XCTFail("paused")
            } catch {
                XCTAssertEqual(error as? RemoteConfigError, paused)
            }
        }
        XCTAssertEqual(
            paused.localizedDescription,
            "Firebase Installations refused this app: PERMISSION_DENIED: The caller does not have permission (HTTP 403); it is not "
                + "asked again before \(start.addingTimeInterval(24 * 60 * 60)), unless the API key or the app's identity changes.")
        var attempts = try await server.installations().attempts.count
        XCTAssertEqual(attempts, 1, "asked once in 23 hours")

        clock.advance(by: 60 * 60)
        let dayLater = await fetchAndActivateResult(
            try makeClient(options: options, settings: RemoteConfigSettings(minimumFetchInterval: 0)))
        XCTAssertEqual(dayLater.error, server403, "asked again after a day")
        attempts = try await server.installations().attempts.count
        XCTAssertEqual(attempts, 2)
    }

    /// The installations registered in the state file (none when there is no file).
    private func registeredInstallations() throws -> [String] {
        guard let data = FileManager.default.contents(atPath: installationsStorageURL.path) else { return [] }
        let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return ((document?["installations"] as? [String: Any]) ?? [:]).keys.sorted()
    }

    /// A client whose first fetch fails with `expected`, storing nothing: no installation, and no
    /// fetched or active template (the state file holds only the failed status).
    private func assertFirstFetchRefused(
        _ client: LiveRemoteConfig, with expected: RemoteConfigError, sentence: String,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let result = await fetchAndActivateResult(client)
        XCTAssertEqual(result.status, .error, file: file, line: line)
        XCTAssertEqual(result.error, expected, file: file, line: line)
        XCTAssertEqual(result.error?.localizedDescription, sentence, file: file, line: line)
        XCTAssertEqual(try registeredInstallations(), [], "no installation kept", file: file, line: line)
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: storageURL)) as? [String: Any]
        XCTAssertNil(state?["fetched"], file: file, line: line)
        XCTAssertNil(state?["active"], file: file, line: line)
        XCTAssertEqual(state?["lastFetchStatus"] as? String, "failure", file: file, line: line)
        XCTAssertEqual(client.allKeys(from: .remote), [], file: file, line: line)
        let registrations = try await server.installations().registrations
        XCTAssertEqual(registrations, 0, file: file, line: line)
    }

    func testAWrongAPIKeyIsRefusedWithGooglesMessage() async throws {
        var options = FirebaseOptions.development
        options.apiKey = "AIzaSyWrongKey000000000000000000000000000"
        try await assertFirstFetchRefused(
            makeClient(options: options),
            with: .installationsRefused(
                400,
                message: RemoteConfigServerMessage(
                    status: "INVALID_ARGUMENT", message: "API key not valid. Please pass a valid API key.", reason: "API_KEY_INVALID")),
            sentence:
                "Firebase Installations refused the request: INVALID_ARGUMENT: API key not valid. Please pass a valid API key. (HTTP 400).")
    }

    func testAnAppOutsideTheProjectIsRefused() async throws {
        var options = FirebaseOptions.development
        options.googleAppID = "1:999999999999:ios:0123456789abcdef"
        try await assertFirstFetchRefused(
            makeClient(options: options),
            with: .installationsRefused(
                403,
                message: RemoteConfigServerMessage(
                    status: "PERMISSION_DENIED", message: "The caller does not have permission")),
            sentence: "Firebase Installations refused the request: PERMISSION_DENIED: The caller does not have permission (HTTP 403).")
    }

    func testAFetchRefusedWithAMessageSaysWhatTheServerSaid() async throws {
        let client = try makeClient()
        _ = try await XCTUnwrap(client.installations).installationID()
        try await server.script([
            [
                "mode": "error", "status": 403,
                "message":
                    "Firebase Remote Config API has not been used in project 100000000000 before or it is disabled.\u{1B}]0;owned\u{07}",
            ]
        ])

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .error)
        let sentence = try XCTUnwrap(result.error?.localizedDescription)
        XCTAssertEqual(
            sentence,
            """
            Remote config refused the request: PERMISSION_DENIED: Firebase Remote Config API has not been used in project \
            100000000000 before or it is disabled.\u{FFFD}]0;owned\u{FFFD} (HTTP 403).
            """)
        XCTAssertFalse(sentence.unicodeScalars.contains { $0.value < 0x20 }, "the server's control characters never reach a terminal")
    }
}

/// Installations behind an overloaded front: its 429 and 5xx pause fetches as a fetch's own would.
final class InstallationsBackoffTests: ServerTestCase {
    private var hostile: ScriptServer!

    // Started here, not in the async test: a process started from a task thread inherits its
    // blocked signals and would not stop at SIGTERM.
    override func setUpWithError() throws {
        try super.setUpWithError()
        hostile = try ScriptServer(script: "hostile-http-server.py")
    }

    override func tearDownWithError() throws {
        hostile?.stop()
        try super.tearDownWithError()
    }

    func testAnOverloadedInstallationsServiceStartsTheBackoff() async throws {
        let client = try makeClient(baseURL: hostile.baseURL.appendingPathComponent("status/503"))

        let result = await fetchAndActivateResult(client)

        guard case .installationsRefused(503, _) = result.error else { return XCTFail("\(String(describing: result.error))") }
        XCTAssertEqual(client.backoffUntil, clock.now.addingTimeInterval(120))
        let refused = await fetchAndActivateResult(client)
        XCTAssertEqual(refused.error, .throttled(until: clock.now.addingTimeInterval(120)))
    }
}

/// A server whose key is restricted to another app, as a Firebase key restricted in Google Cloud's console is.
final class RestrictedKeyTests: ServerTestCase {
    override var serverArguments: [String] { ["--restrict-key", "ios:com.example.other"] }

    func testAKeyRestrictedToAnotherBundleIsRefused() async throws {
        let client = try makeClient()

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(
            result.error,
            .installationsRefused(
                403,
                message: RemoteConfigServerMessage(
                    status: "PERMISSION_DENIED", message: "Requests from this iOS client application app.bistro.ios are blocked.",
                    reason: "API_KEY_IOS_APP_BLOCKED")))

        // The refusal holds for a day for these options; the app's right identity is asked at once.
        let paused = await fetchAndActivateResult(try makeClient())
        guard case .installationsPaused(_, 403, _) = paused.error else { return XCTFail("\(String(describing: paused.error))") }
        var options = FirebaseOptions.development
        options.appIdentity = .iosBundle("com.example.other")
        let fixed = await fetchAndActivateResult(try makeClient(options: options))
        XCTAssertEqual(fixed.status, .successFetchedFromRemote)
        let attempts = try await server.installations().attempts.count
        XCTAssertEqual(attempts, 2)
    }
}

/// A Google API key the server's stand-in project knows, for an Android app (`google-services.json`).
final class AndroidAppTests: ServerTestCase {
    private static let options = FirebaseOptions(
        apiKey: "AIzaSyTestAndroidKey0000000000000000000", projectNumber: "123456789012", projectID: "bistro-test-project",
        googleAppID: "1:123456789012:android:0123456789abcdef", appIdentity: .androidPackage("app.bistro.android"))

    override var serverArguments: [String] {
        [
            "--project-id", "bistro-test-project", "--project-number", "123456789012", "--api-key", Self.options.apiKey,
            "--app-id", Self.options.googleAppID, "--restrict-key", "android:app.bistro.android,\(Self.certificate)",
        ]
    }

    /// The app's signing certificate's SHA-1, as `keytool` prints it.
    private static let certificate = "DA:39:A3:EE:5E:6B:4B:0D:32:55:BF:EF:95:60:18:90:AF:D8:07:09"

    private static var certifiedOptions: FirebaseOptions {
        var options = Self.options
        options.androidCertificateHash = FirebaseOptions.normalizedCertificateHash(certificate)
        return options
    }

    func testAKeyRestrictedToTheAppNeedsItsCertificateOnEveryService() async throws {
        let client = try makeRealtimeListener(options: Self.certifiedOptions)
        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        let hash = "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709"
        let attempts = try await server.installations().attempts
        XCTAssertEqual(attempts.map(\.androidCert), [hash], "registration")
        let requests = try await server.requests()
        XCTAssertEqual(requests.filter { $0.path.hasSuffix(":fetch") }.map { $0.header("X-Android-Cert") }, [hash], "fetch")
        let updates = Locked(0)
        let listening = client.realtimeUpdates.subscribe(onNext: { _ in updates.withLock { $0 += 1 } })
        defer { listening.dispose() }
        let deadline = ContinuousClock.now + .seconds(20)
        var streams: [LocalConfigServer.RecordedRequest] = []
        while streams.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            streams = try await server.requests().filter { $0.mode == "stream" }
        }
        XCTAssertEqual(streams.first?.header("X-Android-Cert"), hash, "stream")
        XCTAssertEqual(streams.first?.header("X-Android-Package"), "app.bistro.android")
    }

    func testWithoutTheCertificateTheSentenceSaysWhichValueIsMissing() async throws {
        let result = await fetchAndActivateResult(try makeClient(options: Self.options))

        guard case .invalidConfiguration(let reason) = result.error else { return XCTFail("\(String(describing: result.error))") }
        XCTAssertTrue(reason.contains("no certificate hash is known for app.bistro.android"), reason)
        var wrong = Self.options
        wrong.androidCertificateHash = String(repeating: "0", count: 40)
        let refused = await fetchAndActivateResult(try makeClient(options: wrong))
        XCTAssertEqual(
            refused.error,
            .installationsRefused(
                403,
                message: RemoteConfigServerMessage(
                    status: "PERMISSION_DENIED", message: "Requests from this Android client application app.bistro.android are blocked.",
                    reason: "API_KEY_ANDROID_APP_BLOCKED")),
            "another certificate is Google's refusal")
    }

    private func makeRealtimeListener(options: FirebaseOptions) throws -> LiveRemoteConfig {
        try makeClient(options: options, realtimeRetry: RealtimeRetryPolicy(initialDelay: 0.05, maximumDelay: 0.4, idleTimeout: 30))
    }

    func testAnAndroidAppSendsItsPackageAndFetchesByProjectID() async throws {
        let client = try makeClient(options: Self.certifiedOptions)

        let result = await fetchAndActivateResult(client)

        XCTAssertEqual(result.status, .successFetchedFromRemote)
        let requests = try await server.requests()
        let request = try XCTUnwrap(requests.last)
        XCTAssertEqual(request.path, "/v1/projects/bistro-test-project/namespaces/firebase:fetch")
        XCTAssertEqual(request.header("X-Android-Package"), "app.bistro.android")
        XCTAssertNil(request.header("X-Ios-Bundle-Identifier"))
        XCTAssertEqual(request.body?["packageName"], .text("app.bistro.android"))
    }
}

import Foundation
import Reactive
import RemoteConfig
import RemoteConfigInterface
import TestSupport
import XCTest

/// A test case with a fresh local server (strict as Firebase: the development project's key,
/// an installation and its token are required), a fresh storage folder and a hand-moved clock per test.
class ServerTestCase: XCTestCase {
    /// The development project's key, which the server accepts by default.
    static let apiKey = FirebaseOptions.development.apiKey

    private(set) var server: LocalConfigServer!
    private(set) var storageDirectory: URL!
    let clock = TestClock()

    /// Extra command-line arguments for the server of every test in the class.
    var serverArguments: [String] { [] }

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LocalConfigServer(arguments: serverArguments)
        storageDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("remote-config-tests-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        server?.stop()
        if let storageDirectory { try? FileManager.default.removeItem(at: storageDirectory) }
        try super.tearDownWithError()
    }

    /// Where a client made by `makeClient` keeps its state unless told otherwise.
    var storageURL: URL { storageDirectory.appendingPathComponent("remote-config.json") }

    /// Where a client made by `makeClient` keeps its installation unless told otherwise.
    var installationsStorageURL: URL { storageDirectory.appendingPathComponent("installations.json") }

    /// A client of the local server (or `baseURL`, which then serves all three services) for the
    /// app `options` describes, with the test clock and no jitter.
    func makeClient(
        baseURL: URL? = nil,
        options: FirebaseOptions = .development,
        storageURL: URL? = nil,
        settings: RemoteConfigSettings = RemoteConfigSettings(),
        random: Double = 0,
        log: (@Sendable (String) -> Void)? = nil,
        realtimeRetry: RealtimeRetryPolicy = RealtimeRetryPolicy(),
        activatesRealtimeUpdates: Bool = false
    ) throws -> LiveRemoteConfig {
        let clock = self.clock
        return try LiveRemoteConfig(
            configuration: .init(
                options: options,
                servers: .single(baseURL ?? server.baseURL),
                storageURL: storageURL ?? self.storageURL,
                appVersion: "1.0",
                appBuild: "7",
                languageCode: "ko-KR",
                countryCode: "KR",
                timeZone: "Asia/Seoul",
                settings: settings,
                now: { clock.now },
                random: { random },
                log: log,
                realtimeRetry: realtimeRetry,
                activatesRealtimeUpdates: activatesRealtimeUpdates
            ))
    }

    /// The error of a fetch the server answered with its scripted failure `status` (Google's error
    /// body, with the status's canonical name).
    func scriptedFailure(_ status: Int) -> RemoteConfigError {
        let canonical =
            [
                400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED",
                500: "INTERNAL", 502: "UNAVAILABLE", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED",
            ][status] ?? "UNKNOWN"
        return .httpStatus(status, message: RemoteConfigServerMessage(status: canonical, message: "scripted failure"))
    }

    /// A base URL where nothing listens.
    var refusingBaseURL: URL { URL(string: "http://127.0.0.1:\(unusedLocalPort())")! }
}

/// The client's calls as async functions that return what the handler received; the expectation's
/// timeout is only a guard against a handler that never runs (the client's own deadline comes first).
extension ServerTestCase {
    func fetchAndActivateResult(_ client: any RemoteConfigProtocol, file: StaticString = #filePath, line: UInt = #line)
        async -> (status: RemoteConfigFetchAndActivateStatus, error: RemoteConfigError?)
    {
        let received = Locked<(RemoteConfigFetchAndActivateStatus, RemoteConfigError?)?>(nil)
        let done = expectation(description: "fetchAndActivate handler")
        client.fetchAndActivate { status, error in
            received.withLock { $0 = (status, error as? RemoteConfigError) }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 90)
        return received.withLock { $0 } ?? (.error, .unknown)
    }

    func fetchResult(_ client: any RemoteConfigProtocol, expiration: TimeInterval)
        async -> (status: RemoteConfigFetchStatus, error: RemoteConfigError?)
    {
        let received = Locked<(RemoteConfigFetchStatus, RemoteConfigError?)?>(nil)
        let done = expectation(description: "fetch handler")
        client.fetch(withExpirationDuration: expiration) { status, error in
            received.withLock { $0 = (status, error as? RemoteConfigError) }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 90)
        return received.withLock { $0 } ?? (.failure, .unknown)
    }

    func activateResult(_ client: any RemoteConfigProtocol) async -> (changed: Bool, error: RemoteConfigError?) {
        let received = Locked<(Bool, RemoteConfigError?)?>(nil)
        let done = expectation(description: "activate handler")
        client.activate { changed, error in
            received.withLock { $0 = (changed, error as? RemoteConfigError) }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 10)
        return received.withLock { $0 } ?? (false, .unknown)
    }
}

extension RemoteConfigProtocol {
    /// Every active remote entry as text.
    var remoteEntries: [String: String] {
        Dictionary(uniqueKeysWithValues: allKeys(from: .remote).map { ($0, configValue(forKey: $0, source: .remote).stringValue) })
    }
}

/// The sample template the server serves at start-up (keys only; the values are checked where used).
let sampleKeys = ["free_delivery_threshold", "menu", "ordering_enabled", "seller_contacts", "welcome_message"]

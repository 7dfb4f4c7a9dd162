import Foundation
import Networking
import RemoteConfigInterface

/// Builds the real-time stream's request for one project and namespace, as Firebase's SDKs send it:
/// `POST {realtime base}/v1/projects/{p}/namespaces/{n}:streamFetchInvalidations`.
struct RealtimeEndpoint: Sendable {
    /// The stream URL (no credentials in it).
    let url: URL
    private let apiKey: String
    private let project: String
    private let namespace: String
    private let appID: String

    /// The endpoint at `baseURL`, or `.invalidConfiguration` when it cannot form a URL.
    init(baseURL: URL, configuration: LiveRemoteConfig.Configuration) throws(RemoteConfigError) {
        // The fetch URL's checks (HTTPS, a project and namespace) apply as they are.
        let fetch = try FetchEndpoint(baseURL: baseURL, configuration: configuration)
        var text = fetch.url.absoluteString
        guard text.hasSuffix(":fetch") else { throw .invalidConfiguration(reason: "the fetch URL has no :fetch") }
        text.removeLast(":fetch".count)
        guard let url = URL(string: text + ":streamFetchInvalidations") else {
            throw .invalidConfiguration(reason: "the real-time base URL, project and namespace do not form a URL")
        }
        self.url = url
        apiKey = configuration.apiKey
        project = configuration.project
        namespace = configuration.namespace
        appID = configuration.appID
    }

    /// The request asking for versions after `lastKnownVersion`.
    func request(lastKnownVersion: Int, appInstanceID: String, etag: String?, installationToken: String?) -> HTTPRequest {
        var request = FetchEndpoint.jsonRequest(to: url, apiKey: apiKey, etag: etag, installationToken: installationToken)
        request.setHeader("true", for: "X-Accept-Response-Streaming")
        let body: [String: String] = [
            "project": project, "namespace": namespace, "appId": appID, "appInstanceId": appInstanceID,
            "lastKnownVersionNumber": String(lastKnownVersion), "sdkVersion": FetchEndpoint.sdkVersion,
        ]
        request.body = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        return request
    }
}

/// How long the real-time listener waits before connecting again: `initialDelay` after the first
/// failure, doubling up to `maximumDelay`, shortened by up to half at random so that clients that
/// failed together do not return together. It never gives up.
public struct RealtimeRetryPolicy: Sendable, Equatable {
    /// The wait after the first failure in a row.
    public var initialDelay: TimeInterval
    /// The longest wait.
    public var maximumDelay: TimeInterval
    /// How long a connection must stay open (or bring a message) to count as healthy, which resets
    /// the waits; shorter ones count as failures, so a server that drops every connection at once
    /// is not hammered.
    public var healthyAfter: TimeInterval
    /// The longest the stream may stay silent before the listener reconnects (not a failure).
    public var idleTimeout: TimeInterval

    /// A policy; the defaults suit a real server (2 s doubling to 5 minutes).
    public init(
        initialDelay: TimeInterval = 2, maximumDelay: TimeInterval = 5 * 60, healthyAfter: TimeInterval = 30,
        idleTimeout: TimeInterval = 5 * 60
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.healthyAfter = healthyAfter
        self.idleTimeout = idleTimeout
    }

    /// The wait after `failures` failures in a row (at least 1), for a `random` in [0, 1).
    func delay(afterFailures failures: Int, random: Double) -> TimeInterval {
        let nominal = min(initialDelay * pow(2, Double(min(max(failures, 1) - 1, 30))), maximumDelay)
        return nominal * (1 - 0.5 * min(max(random, 0), 1))
    }
}

import Foundation
import Networking
import RemoteConfigInterface

/// Builds the real-time stream's request for one app and namespace, as Firebase's SDKs send it:
/// `POST {server}/v1/projects/{project number}/namespaces/{n}:streamFetchInvalidations` (the
/// project's number, not its ID: Firebase's real-time service knows projects only by number).
struct RealtimeEndpoint: Sendable {
    /// The stream URL (no credentials in it).
    let url: URL
    private let options: FirebaseOptions
    private let namespace: String

    /// The endpoint at `server`, or `.invalidConfiguration` when it cannot form a URL.
    init(server: URL, options: FirebaseOptions, namespace: String) throws(RemoteConfigError) {
        url = try GoogleAPI.url(
            base: server, project: options.projectNumber, ["namespaces", namespace], method: "streamFetchInvalidations")
        self.options = options
        self.namespace = namespace
    }

    /// The request asking for versions after `lastKnownVersion` (the last fetched template's) for
    /// the installation `fid` with its auth token.
    func request(lastKnownVersion: Int, fid: String, installationToken: String, etag: String?) -> HTTPRequest {
        let body: [String: String] = [
            "project": options.projectNumber, "namespace": namespace, "appId": options.googleAppID, "appInstanceId": fid,
            "lastKnownVersionNumber": String(lastKnownVersion), "sdkVersion": GoogleAPI.sdkVersion,
        ]
        var request = GoogleAPI.request("POST", url: url, options: options, body: GoogleAPI.json(body))
        request.setHeader(installationToken, for: "X-Goog-Firebase-Installations-Auth")
        request.setHeader(etag, for: "If-None-Match")
        request.setHeader("true", for: "X-Accept-Response-Streaming")
        request.setHeader("yes", for: "X-Google-GFE-Can-Retry")
        return request
    }
}

/// How long the real-time listener waits before connecting again: `initialDelay` after the first
/// failure, doubling up to `maximumDelay`, shortened by up to half at random so that clients that
/// failed together do not return together. A stream the server answered with 200 resets the
/// count, as Firebase's SDKs do, so the wait after it ends is the first one again. It never gives up.
public struct RealtimeRetryPolicy: Sendable, Equatable {
    /// The wait after the first failure in a row.
    public var initialDelay: TimeInterval
    /// The longest wait.
    public var maximumDelay: TimeInterval
    /// The longest the stream may stay silent before the listener reconnects (not a failure).
    public var idleTimeout: TimeInterval

    /// A policy; the defaults suit a real server (2 s doubling to 5 minutes).
    public init(initialDelay: TimeInterval = 2, maximumDelay: TimeInterval = 5 * 60, idleTimeout: TimeInterval = 5 * 60) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.idleTimeout = idleTimeout
    }

    /// The wait after `failures` failures in a row (at least 1), for a `random` in [0, 1).
    func delay(afterFailures failures: Int, random: Double) -> TimeInterval {
        let nominal = min(initialDelay * pow(2, Double(min(max(failures, 1) - 1, 30))), maximumDelay)
        return nominal * (1 - 0.5 * min(max(random, 0), 1))
    }
}

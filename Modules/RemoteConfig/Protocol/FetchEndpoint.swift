import Foundation
import Networking
import RemoteConfigInterface

/// Builds fetch requests for one app and namespace: `POST {server}/v1/projects/{project ID}/namespaces/{n}:fetch`.
struct FetchEndpoint: Sendable {
    /// The fetch URL (it never holds the API key, which travels in a header, so it is safe to log).
    let url: URL
    private let options: FirebaseOptions

    /// The endpoint at `server`, or `.invalidConfiguration` when it cannot form a URL.
    init(server: URL, options: FirebaseOptions, namespace: String) throws(RemoteConfigError) {
        url = try GoogleAPI.url(base: server, project: options.projectID, ["namespaces", namespace], method: "fetch")
        self.options = options
    }

    /// The request for `body`, conditional on `etag` when there is one; `fetchType` is Firebase's
    /// `X-Firebase-RC-Fetch-Type` (`BASE/1` when asked for, `REALTIME/n` for the n-th try after a
    /// real-time message).
    func request(body: FetchRequestBody, etag: String?, installationToken: String, fetchType: String) throws -> HTTPRequest {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var request = GoogleAPI.request("POST", url: url, options: options, body: try encoder.encode(body))
        request.setHeader(installationToken, for: "X-Goog-Firebase-Installations-Auth")
        request.setHeader(etag, for: "If-None-Match")
        request.setHeader(fetchType, for: "X-Firebase-RC-Fetch-Type")
        return request
    }
}

import Foundation
import Networking
import RemoteConfigInterface

/// Builds fetch requests for one project and namespace: `POST {base}/v1/projects/{p}/namespaces/{n}:fetch`.
struct FetchEndpoint: Sendable {
    /// The identifier of this client in `sdk_version`.
    static let sdkVersion = "bistro-remote-config/1.0"

    /// The fetch URL (it never holds the API key, which travels in a header, so it is safe to log).
    let url: URL
    private let apiKey: String

    /// The endpoint at `baseURL` for the configuration, or `.invalidConfiguration` when it cannot form a URL.
    init(baseURL: URL, configuration: LiveRemoteConfig.Configuration) throws(RemoteConfigError) {
        guard !configuration.project.isEmpty, !configuration.namespace.isEmpty else {
            throw .invalidConfiguration(reason: "the project and the namespace must not be empty")
        }
        // Whoever can alter the answer in transit can change the app's config.
        guard TransportSecurity.permits(baseURL) else {
            throw .invalidConfiguration(reason: "the base URL must be HTTPS, or HTTP to this machine")
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let project = Self.pathSegment(configuration.project)
        let namespace = Self.pathSegment(configuration.namespace)
        guard let url = URL(string: "\(base)/v1/projects/\(project)/namespaces/\(namespace):fetch") else {
            throw .invalidConfiguration(reason: "the base URL, project and namespace do not form a URL")
        }
        self.url = url
        self.apiKey = configuration.apiKey
    }

    /// The request for `body`, conditional on `etag` when there is one.
    func request(body: FetchRequestBody, etag: String?, installationToken: String?) throws -> HTTPRequest {
        var request = Self.jsonRequest(to: url, apiKey: apiKey, etag: etag, installationToken: installationToken)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        request.body = try encoder.encode(body)
        return request
    }

    /// A JSON `POST` to `url` with the headers every Remote Config request carries.
    static func jsonRequest(to url: URL, apiKey: String, etag: String?, installationToken: String?) -> HTTPRequest {
        var request = HTTPRequest(method: "POST", url: url)
        request.setHeader("application/json", for: "Content-Type")
        request.setHeader("application/json", for: "Accept")
        // A header rather than Firebase's `?key=` query: URLs end up in logs and error messages.
        request.setHeader(apiKey, for: "X-Goog-Api-Key")
        request.setHeader(etag, for: "If-None-Match")
        request.setHeader(installationToken, for: "X-Goog-Firebase-Installations-Auth")
        return request
    }

    private static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/:?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

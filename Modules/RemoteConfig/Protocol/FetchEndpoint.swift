import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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
        guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidConfiguration(reason: "the base URL must be http or https")
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
    func request(body: FetchRequestBody, etag: String?, installationToken: String?) throws -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // A header rather than Firebase's `?key=` query: URLs end up in logs and error messages.
        request.setValue(apiKey, forHTTPHeaderField: "X-Goog-Api-Key")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let installationToken {
            request.setValue(installationToken, forHTTPHeaderField: "X-Goog-Firebase-Installations-Auth")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        request.httpBody = try encoder.encode(body)
        return request
    }

    private static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/:?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

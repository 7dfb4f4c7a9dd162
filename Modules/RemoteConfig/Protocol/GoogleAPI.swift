import Foundation
import Networking
import RemoteConfigInterface

/// What every request to Firebase's services has in common: the URL under a project, the API key
/// and the app identity in headers, JSON both ways, and Google's error body on a refusal.
enum GoogleAPI {
    /// The identifier this client sends as `sdkVersion`.
    static let sdkVersion = "bistro-remote-config/2.0"

    /// `{base}/v1/projects/{project}/{rest}`, each segment of `rest` percent-encoded as a path segment
    /// (`rest` may end in a custom method such as `:fetch`, which stays as it is); refuses a base
    /// that is not HTTPS or plain HTTP to this machine.
    static func url(base: URL, project: String, _ segments: [String], method: String? = nil) throws(RemoteConfigError) -> URL {
        // Whoever can alter the answer in transit can change the app's config or take its installation.
        guard TransportSecurity.permits(base) else {
            throw .invalidConfiguration(reason: "the server URL must be HTTPS, or HTTP to this machine")
        }
        guard !project.isEmpty, segments.allSatisfy({ !$0.isEmpty }) else {
            throw .invalidConfiguration(reason: "the project and the path must not be empty")
        }
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/v1/projects/" + pathSegment(project)
        for segment in segments { text += "/" + pathSegment(segment) }
        if let method { text += ":" + method }
        guard let url = URL(string: text) else {
            throw .invalidConfiguration(reason: "the server URL and the project do not form a URL")
        }
        return url
    }

    /// A request with the API key and the app identity in headers (a key in the URL would end up
    /// in logs and error messages; an Android app's certificate hash goes with its package), and
    /// JSON `body` when there is one.
    static func request(_ method: String, url: URL, options: FirebaseOptions, body: Data?) -> HTTPRequest {
        var request = HTTPRequest(method: method, url: url)
        request.setHeader("application/json", for: "Accept")
        request.setHeader(options.apiKey, for: "X-Goog-Api-Key")
        request.setHeader(options.appIdentity.identifier, for: options.appIdentity.headerName)
        // A key restricted to an Android app is checked against the package and its signing certificate.
        if case .androidPackage = options.appIdentity {
            request.setHeader(options.androidCertificateHash, for: "X-Android-Cert")
        }
        if let body {
            request.setHeader("application/json", for: "Content-Type")
            request.body = body
        }
        return request
    }

    /// JSON text of `object` with sorted keys (stable for tests and logs).
    static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// What Google's error body in `body` says (`{"error": {"code", "message", "status", "details"}}`),
    /// or `nil` for a body of another shape: the reason is the first `ErrorInfo` detail's.
    static func message(in body: Data) -> RemoteConfigServerMessage? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let error = object["error"] as? [String: Any],
            let message = error["message"] as? String, !message.isEmpty
        else { return nil }
        let details = error["details"] as? [Any] ?? []
        let reason = details.lazy.compactMap { ($0 as? [String: Any])?["reason"] as? String }.first
        return RemoteConfigServerMessage(status: error["status"] as? String, message: message, reason: reason)
    }

    /// The error for a refusal by Installations (`installations`) or another service, worded as the
    /// missing value when Google blocked an Android app that sent no certificate hash.
    static func refusal(_ answer: HTTPResponse, options: FirebaseOptions, installations: Bool) -> RemoteConfigError {
        let message = message(in: answer.body)
        if answer.statusCode == 403, message?.reason == "API_KEY_ANDROID_APP_BLOCKED",
            case .androidPackage(let package) = options.appIdentity,
            options.androidCertificateHash == nil
        {
            return .invalidConfiguration(
                reason: "the API key is restricted to Android apps, and Google checks the package name and the SHA-1 of its "
                    + "signing certificate: no certificate hash is known for \(package) (oauth_client[].android_info.certificate_hash "
                    + "in google-services.json, or androidCertificateHash in the options)")
        }
        return installations ? .installationsRefused(answer.statusCode, message: message) : .httpStatus(answer.statusCode, message: message)
    }

    private static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/:?#;")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

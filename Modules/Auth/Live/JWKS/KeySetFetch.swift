import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads the key set document at a URL.
typealias KeySetFetch = @Sendable (URL) async throws -> [UInt8]

/// Why a key set download failed.
enum KeySetFetchError: Error, CustomStringConvertible {
    case insecureURL
    case status(Int)
    case tooLarge

    var description: String {
        switch self {
        case .insecureURL: "the key set URL is neither HTTPS nor on this machine"
        case .status(let code): "HTTP status \(code)"
        case .tooLarge: "the document is larger than \(KeySetFetcher.maximumBytes) bytes"
        }
    }
}

/// Fetches key sets over HTTPS with URLSession.
enum KeySetFetcher {
    /// Apple's set is about 1 KB; anything far larger is not a key set.
    static let maximumBytes = 256 * 1024

    /// A fetch that gives up after `timeout` seconds.
    static func urlSession(timeout: TimeInterval) -> KeySetFetch {
        { url in
            // Whoever can alter the key set can sign tokens: plain HTTP only to this machine (tests, a dev server).
            guard url.scheme == "https" || (url.scheme == "http" && isLoopback(url.host)) else {
                throw KeySetFetchError.insecureURL
            }
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200 else { throw KeySetFetchError.status(status) }
            guard data.count <= maximumBytes else { throw KeySetFetchError.tooLarge }
            return Array(data)
        }
    }

    private static func isLoopback(_ host: String?) -> Bool {
        guard let host else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

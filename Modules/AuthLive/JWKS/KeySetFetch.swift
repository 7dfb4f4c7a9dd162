import Foundation
import Networking

/// Downloads the key set document at a URL.
typealias KeySetFetch = @Sendable (URL) async throws -> [UInt8]

/// Why a key set download failed.
enum KeySetFetchError: Error, CustomStringConvertible {
    case status(Int)
    case transport(HTTPError)

    var description: String {
        switch self {
        case .status(let code): "HTTP status \(code)"
        case .transport(let error): "\(error)"
        }
    }
}

/// Fetches key sets over HTTPS (HTTP only to this machine: whoever can alter the key set can sign
/// tokens), within a total deadline and a size limit enforced while the set arrives.
enum KeySetFetcher {
    /// Apple's set is about 1 KB; anything far larger is not a key set.
    static let maximumBytes = 256 * 1024

    /// A fetch that gives up `timeout` seconds after it starts, whatever the server does.
    static func http(timeout: TimeInterval, client: HTTPClient = HTTPClient()) -> KeySetFetch {
        { url in
            var request = HTTPRequest(url: url)
            request.setHeader("application/json", for: "Accept")
            let response: HTTPResponse
            do throws(HTTPError) {
                response = try await client.send(request, timeout: timeout, maximumBodySize: maximumBytes)
            } catch {
                throw KeySetFetchError.transport(error)
            }
            guard response.statusCode == 200 else { throw KeySetFetchError.status(response.statusCode) }
            return Array(response.body)
        }
    }
}

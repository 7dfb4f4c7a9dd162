import Foundation

/// Why an HTTP exchange gave no complete answer, in words that say what happened.
///
/// No case carries a URL: callers' errors end up in logs and on screen, and a URL may hold a key.
public enum HTTPError: Error, Sendable, Hashable {
    /// No complete answer arrived within the deadline (the server was silent, slow or trickling).
    case timedOut(seconds: TimeInterval)
    /// The answer's body is larger than the limit, in bytes; it was refused while arriving, or
    /// before, when its announced length was already too large.
    case responseTooLarge(limit: Int)
    /// No connection: it was refused, the host not found or unreachable, or TLS failed.
    case cannotConnect(reason: String)
    /// The server took the connection, then closed or reset it before any answer began (an
    /// overloaded server, a proxy, a server that drops what it will not serve): it was reached.
    case closedWithoutAnswer
    /// The answer began but broke off: the connection closed or failed partway through the body.
    case interrupted(reason: String)
    /// The server's answer is not HTTP/1.x as the client reads it (a bad status line, header or chunk).
    case invalidResponse(reason: String)
    /// The URL is plain HTTP to another machine; only HTTPS, or HTTP to this machine, is sent.
    case insecureURL
}

extension HTTPError: CustomStringConvertible, LocalizedError {
    /// A phrase for the end of a caller's sentence: "no complete answer within 10 s".
    public var description: String {
        switch self {
        case .timedOut(let seconds): "no complete answer within \(Self.format(seconds)) s"
        case .responseTooLarge(let limit): "the answer is larger than \(limit) bytes"
        case .cannotConnect(let reason): "could not connect: \(reason)"
        case .closedWithoutAnswer: "the server took the connection and closed it without answering"
        case .interrupted(let reason): "the answer broke off: \(reason)"
        case .invalidResponse(let reason): "the answer is not valid HTTP: \(reason)"
        case .insecureURL: "the URL is neither HTTPS nor on this machine"
        }
    }

    /// The same phrase, for `localizedDescription`.
    public var errorDescription: String? { description }

    private static func format(_ seconds: TimeInterval) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}

import Foundation

/// What an `HTTPClient` sends: a method, a URL, header fields and an optional body.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, e.g. "GET" or "POST".
    public var method: String
    /// Where the request goes: `https://…`, or `http://` to this machine only.
    public var url: URL
    /// Header fields by name. `Host`, `Content-Length` and `Connection` are the client's own.
    public var headers: [String: String]
    /// The body, sent with its length.
    public var body: Data?

    /// A request; a GET with no header fields and no body unless stated.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of the header field `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Sets (or, with nil, removes) the header field `name`, whatever the case it was set in before.
    public mutating func setHeader(_ value: String?, for name: String) {
        for key in headers.keys where key.caseInsensitiveCompare(name) == .orderedSame { headers[key] = nil }
        if let value { headers[name] = value }
    }
}

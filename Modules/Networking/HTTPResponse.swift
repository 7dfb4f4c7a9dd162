import Foundation

/// A complete HTTP answer, read within the size limit and the deadline.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code. Every status is an answer here (URLSession on Linux does not fail for 4xx
    /// or 5xx), so every caller checks it.
    public var statusCode: Int
    /// The header fields, names in lower case.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// An answer with these parts; header names are lower-cased.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// The value of the header field `name` (any case).
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

import Foundation

/// A complete HTTP answer, read within the size limit.
struct HTTPAnswer: Sendable, Equatable {
    /// The status code (URLSession on Linux does not fail for 4xx/5xx, so every caller checks it).
    var statusCode: Int
    /// The `ETag` header.
    var etag: String?
    /// The body.
    var body: Data
}

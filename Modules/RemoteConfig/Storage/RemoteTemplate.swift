/// A config template as the server sent it: every value a string, and the version it came with.
struct RemoteTemplate: Codable, Sendable, Equatable {
    /// The parameters.
    var entries: [String: String]
    /// The server's template version, when it sent one.
    var templateVersion: String?

    /// The template that NO_TEMPLATE and EMPTY_CONFIG stand for.
    static let empty = RemoteTemplate(entries: [:], templateVersion: nil)
}

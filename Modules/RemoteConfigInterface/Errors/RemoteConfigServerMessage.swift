/// What a Google server said when it refused a request, read from its error body
/// (`{"error": {"code": 403, "message": "...", "status": "PERMISSION_DENIED", "details": [...]}}`).
///
/// The texts came from outside: they are kept to a few hundred characters, with every control
/// character (and the bidirectional overrides) replaced, so that they can be shown and logged as
/// they are.
public struct RemoteConfigServerMessage: Sendable, Hashable {
    /// Google's canonical status, such as `PERMISSION_DENIED` or `UNAUTHENTICATED`, when given.
    public let status: String?
    /// The server's sentence, such as "API key not valid. Please pass a valid API key."
    public let message: String
    /// The machine-readable reason of the body's `ErrorInfo` detail, such as `API_KEY_INVALID`, when given.
    public let reason: String?

    /// A message with the given parts, each made safe to show.
    public init(status: String?, message: String, reason: String? = nil) {
        self.status = status.map { Self.safe($0, limit: 64) }
        self.message = Self.safe(message, limit: 500)
        self.reason = reason.map { Self.safe($0, limit: 64) }
    }

    private static func safe(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        let safe = String(scalars)
        return safe.count > limit ? String(safe.prefix(limit)) + "…" : safe
    }
}

extension RemoteConfigServerMessage: CustomStringConvertible {
    /// `PERMISSION_DENIED: <message>`, or the message alone when no status came with it.
    public var description: String {
        status.map { "\($0): \(message)" } ?? message
    }
}

import RemoteConfigInterface

/// How a fetch ended, before any activation.
enum FetchOutcome: Sendable, Equatable {
    /// The network was reached and the fetched template is now current (changed or not).
    case fetched
    /// The network was not reached: the minimum interval had not passed, or there is no server.
    case usedCache
    /// The fetch failed; the fetched and active templates are as they were.
    case failed(RemoteConfigError)
}

/// The outcome of a fetch (Firebase's `RemoteConfigFetchStatus`).
public enum RemoteConfigFetchStatus: String, Sendable, Hashable, CaseIterable {
    /// No fetch has been attempted yet.
    case noFetchYet
    /// The fetch succeeded, from the network or because the cached values were still fresh.
    case success
    /// The fetch failed.
    case failure
    /// The fetch was refused without a network call because a server-requested back-off is running.
    case throttled
}
